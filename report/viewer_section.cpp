#include <fmt/format.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "common/tsan_annotations.hpp"
#include "report/base64.hpp"
#include "report/board_diagram.hpp"
#include "report/deflate.hpp"
#include "report/markup.hpp"
#include "report/match_sections.hpp"
#include "report/move_encoding.hpp"

namespace draughts::report {

namespace {

/// Games per compressed block: the page inflates a block when one of its games is opened.
constexpr std::size_t kChunkGames = 256;

/// A move's score as the viewer reads it: value * 4 + kind (0 none, 1 hundredths of a man,
/// 2 plies to a forced win, positive when the mover wins).
std::int64_t score_code(const RecordedMove& m) {
    if (m.win_in) return static_cast<std::int64_t>(*m.win_in) * 4 + 2;
    if (m.score && std::isfinite(*m.score) && std::abs(*m.score) < 1e6)
        return static_cast<std::int64_t>(std::llround(*m.score * 100.0)) * 4 + 1;
    return 0;
}

/// A block of games in the viewer's binary form (see viewer.js, decodeChunk), column by column
/// so that like data sits together and compresses well: the number of games; each game's start
/// FEN and ply count; then every game's plies (move_encoding.hpp); then every ply's score code
/// (as the difference from the same side's previous one: an engine's scores change little from
/// move to move); then every ply's time in tenths of a millisecond.
std::string encode_chunk(const MatchFolder& folder, const std::vector<std::size_t>& games) {
    std::string out;
    put_varint(out, games.size());
    for (const std::size_t g : games) {
        const MatchGame& game = folder.games[g];
        put_varint(out, game.start_fen.size());
        out += game.start_fen;
        put_varint(out, game.replayed);
    }
    for (const std::size_t g : games) out += folder.games[g].encoded_moves;
    for (const std::size_t g : games) {
        const MatchGame& game = folder.games[g];
        for (std::size_t i = 0; i < game.replayed; ++i)
            put_signed(out,
                       score_code(game.moves[i]) - (i >= 2 ? score_code(game.moves[i - 2]) : 0));
    }
    for (const std::size_t g : games) {
        const MatchGame& game = folder.games[g];
        for (std::size_t i = 0; i < game.replayed; ++i) {
            const double t = game.moves[i].time;
            put_varint(out, t > 0.0 && std::isfinite(t)
                                ? static_cast<std::uint64_t>(std::llround(std::min(t, 1e7) * 1e4))
                                : 0);
        }
    }
    return out;
}

/// The games in the order of their numbers.
std::vector<std::size_t> game_order(const MatchFolder& folder) {
    std::vector<std::size_t> order(folder.games.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return folder.games[a].game < folder.games[b].game;
    });
    return order;
}

std::string index_json(const MatchFolder& folder, const std::vector<std::size_t>& order) {
    Json engines = Json::array();
    std::map<std::string, std::size_t> engine_index;
    std::map<std::string, std::size_t> termination_index;
    Json terminations = Json::array();
    Json games = Json::array();
    const auto id_of = [](std::map<std::string, std::size_t>& ids, Json& list,
                          const std::string& name) {
        const auto [at, added] = ids.emplace(name, ids.size());
        if (added) list.push_back(name);
        return at->second;
    };
    for (const std::string& e : folder.settings.engines) id_of(engine_index, engines, e);
    for (const std::size_t i : order) {
        const MatchGame& g = folder.games[i];
        games.push_back(
            Json::array({g.game + 1, id_of(engine_index, engines, g.white),
                         id_of(engine_index, engines, g.black), g.result,
                         id_of(termination_index, terminations, g.termination), g.plies}));
    }
    // The board's playable squares: the page sizes its position arrays by them.
    const BoardCode board = initial_board(folder.settings.variant);
    return dump_json(Json{{"chunk", kChunkGames},
                          {"board", board.size},
                          {"squares", board.squares.size()},
                          {"engines", engines},
                          {"terminations", terminations},
                          {"games", games}});
}

/// The board the viewer starts with: the first game's start, on the match's board.
BoardCode first_board(const MatchFolder& folder, const std::vector<std::size_t>& order) {
    BoardCode board = initial_board(folder.settings.variant);
    if (!order.empty())
        if (auto start =
                board_of_fen(folder.settings.variant, folder.games[order.front()].start_fen))
            board = *start;
    return board;
}

std::string viewer_markup(const MatchFolder& folder, const std::vector<std::size_t>& order) {
    const BoardCode start = first_board(folder, order);
    return fmt::format(
        "<div id=\"viewer\" data-game=\"\" data-ply=\"\"><div><div class=\"controls\">"
        "<label>Game <input id=\"viewer-number\" type=\"number\" min=\"1\" value=\"1\"></label>"
        "<button id=\"viewer-prev\" type=\"button\" aria-label=\"previous move\">&#9664;</button>"
        "<button id=\"viewer-next\" type=\"button\" aria-label=\"next move\">&#9654;</button>"
        "<span id=\"viewer-ply\"></span></div>{}</div>"
        "<div><p id=\"viewer-title\"></p><ol id=\"viewer-moves\"></ol></div></div>"
        "<p class=\"note\">Keys: &#8592; and &#8594; step through the game, Home and End jump to "
        "its ends; "
        "click a move to go there. Scores are the mover's, in men; times are the mover's clock "
        "time.</p>",
        board_svg(start, "Game viewer board"));
}

}  // namespace

Section viewer_section(const MatchFolder& folder) {
    const std::vector<std::size_t> order = game_order(folder);
    std::string html = viewer_markup(folder, order);
    html += "<script type=\"application/json\" id=\"viewer-index\">" +
            escape_script(index_json(folder, order)) + "</script>";
    const std::size_t chunks = (order.size() + kChunkGames - 1) / kChunkGames;
    std::vector<std::string> blocks(chunks);
    // The caller reads the blocks the tasks wrote (TSan cannot see TBB's fork and join).
    const ForkJoinEdges edges;
    const auto each = [&](std::size_t c) {
        const auto first = order.begin() + static_cast<std::ptrdiff_t>(c * kChunkGames);
        const auto last = order.begin() + static_cast<std::ptrdiff_t>(
                                              std::min(order.size(), (c + 1) * kChunkGames));
        auto packed = deflate_bytes(encode_chunk(folder, std::vector<std::size_t>(first, last)));
        blocks[c] = packed ? base64_encode(*packed) : std::string();
    };
    tbb::parallel_for(tbb::blocked_range<std::size_t>(std::size_t{0}, chunks),
                      edges.traced([&](const tbb::blocked_range<std::size_t>& range) {
                          for (std::size_t c = range.begin(); c != range.end(); ++c) each(c);
                      }));
    edges.joined();
    for (std::size_t c = 0; c < chunks; ++c)
        html += fmt::format("\n<script type=\"text/plain\" id=\"viewer-chunk-{}\">{}</script>", c,
                            blocks[c]);
    return Section{"game-viewer", "Game viewer", std::move(html)};
}

}  // namespace draughts::report
