#include <fmt/format.h>

#include <algorithm>

#include "report/board_diagram.hpp"
#include "report/markup.hpp"
#include "report/match_sections.hpp"

namespace draughts::report {

namespace {

/// Forfeits shown at most: a broken engine can forfeit every game.
constexpr std::size_t kMaxForfeits = 4;

std::string board_figure(const MatchGame& game, std::string_view why) {
    const std::string caption = fmt::format(
        "Game {} ({}): {} v {}, {}, {} after {} plies", game.game + 1, why, game.white, game.black,
        game.result, game.termination_text.empty() ? game.termination : game.termination_text,
        game.plies);
    return fmt::format(
        "<figure data-game=\"{}\">{}<figcaption>{} <a href=\"#game={}&amp;ply={}\">view the "
        "game</a></figcaption></figure>",
        game.game + 1, board_svg(game.final_board, "Final position of " + caption),
        escape_markup(caption), game.game + 1, game.replayed);
}

}  // namespace

Section notable_games_section(const MatchFolder& folder) {
    std::vector<std::pair<std::size_t, std::string>> notable;
    if (!folder.games.empty()) {
        const auto longest = std::max_element(
            folder.games.begin(), folder.games.end(),
            [](const MatchGame& a, const MatchGame& b) { return a.plies < b.plies; });
        notable.emplace_back(static_cast<std::size_t>(longest - folder.games.begin()),
                             "the longest");
    }
    std::size_t forfeits = 0;
    for (std::size_t i = 0; i < folder.games.size() && forfeits < kMaxForfeits; ++i) {
        if (folder.games[i].category != "forfeit") continue;
        notable.emplace_back(i, "a forfeit");
        ++forfeits;
    }
    std::string html = "<div class=\"boards\">";
    for (const auto& [index, why] : notable) html += board_figure(folder.games[index], why);
    html += "</div>";
    if (forfeits == 0) html += "<p class=\"note\">No game was forfeited.</p>";
    return Section{"notable", "Notable games: final positions", std::move(html)};
}

}  // namespace draughts::report
