#include "report/game_line_reader.hpp"

#include <fmt/format.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>

#include "common/json.hpp"
#include "common/mapped_file.hpp"
#include "common/saturating_cast.hpp"
#include "common/tsan_annotations.hpp"
#include "records/game_line.hpp"
#include "report/move_array_scanner.hpp"
#include "report/move_encoding.hpp"

namespace draughts::report {

namespace {

namespace line_key = harness::line_key;
namespace side_key = harness::side_key;
namespace move_key = harness::move_key;

/// Where a value sits in a games.jsonl line.
enum class Place : unsigned char { Top, WhiteStats, BlackStats, Move, Ignored };

/// The SAX handler: follows the nesting (top object, the two stats objects, the objects of the
/// moves array) and stores the fields it knows; everything else, such as "pv", is skipped.
class LineHandler {
  public:
    using NumberInteger = Json::number_integer_t;
    using NumberUnsigned = Json::number_unsigned_t;
    using NumberFloat = Json::number_float_t;
    using String = Json::string_t;
    using Binary = Json::binary_t;

    explicit LineHandler(MatchGame& game) : game_(game) {}

    bool null() { return true; }
    bool boolean(bool) { return true; }
    bool number_integer(NumberInteger value) { return number(static_cast<double>(value), true); }
    bool number_unsigned(NumberUnsigned value) { return number(static_cast<double>(value), true); }
    bool number_float(NumberFloat value, const String&) { return number(value, false); }
    bool binary(Binary&) { return true; }
    bool string(String& value);
    bool start_object(std::size_t);
    bool end_object();
    bool start_array(std::size_t);
    bool end_array();
    bool key(String& value);
    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception& e) {
        error_ = fmt::format("byte {}: {}", position, e.what());
        return false;
    }

    const std::string& error() const { return error_; }

  private:
    bool number(double value, bool integer);
    void top_number(double value);
    Place place() const;

    MatchGame& game_;
    std::array<char, 8> kinds_{};  ///< 'o' or 'a' per nesting level (deeper levels not tracked)
    std::array<std::string, 8> keys_;
    std::size_t depth_ = 0;
    std::string error_;
};

Place LineHandler::place() const {
    if (depth_ == 1) return Place::Top;
    if (depth_ == 2 && kinds_[1] == 'o') {
        if (std::string_view(keys_[0]) == line_key::kWhiteStats) return Place::WhiteStats;
        if (std::string_view(keys_[0]) == line_key::kBlackStats) return Place::BlackStats;
    }
    if (depth_ == 3 && std::string_view(keys_[0]) == line_key::kMoves && kinds_[1] == 'a' &&
        kinds_[2] == 'o')
        return Place::Move;
    return Place::Ignored;
}

bool LineHandler::start_object(std::size_t) {
    if (depth_ < kinds_.size()) kinds_[depth_] = 'o';
    ++depth_;
    if (place() == Place::Move) game_.moves.emplace_back();
    return true;
}

bool LineHandler::end_object() {
    --depth_;
    return true;
}

bool LineHandler::start_array(std::size_t) {
    if (depth_ < kinds_.size()) kinds_[depth_] = 'a';
    ++depth_;
    return true;
}

bool LineHandler::end_array() {
    --depth_;
    return true;
}

bool LineHandler::key(String& value) {
    if (depth_ >= 1 && depth_ - 1 < keys_.size()) keys_[depth_ - 1] = value;
    return true;
}

bool LineHandler::string(String& value) {
    const std::size_t level = depth_ - 1;
    if (level >= keys_.size()) return true;
    const std::string_view k = keys_[level];
    switch (place()) {
        case Place::Top:
            if (k == line_key::kWhite)
                game_.white = std::move(value);
            else if (k == line_key::kBlack)
                game_.black = std::move(value);
            else if (k == line_key::kStartFen)
                game_.start_fen = std::move(value);
            else if (k == line_key::kResult)
                game_.result = std::move(value);
            else if (k == line_key::kTermination)
                game_.termination = std::move(value);
            else if (k == line_key::kCategory)
                game_.category = std::move(value);
            else if (k == line_key::kTerminationText)
                game_.termination_text = std::move(value);
            else if (k == line_key::kTimeControlWhite)
                game_.white_time_control = std::move(value);
            else if (k == line_key::kVariant)
                game_.variant = std::move(value);
            else if (k == line_key::kTimeControlBlack)
                game_.black_time_control = std::move(value);
            break;
        case Place::Move:
            if (k == move_key::kMove) game_.moves.back().text = std::move(value);
            break;
        default:
            break;
    }
    return true;
}

void LineHandler::top_number(double value) {
    const std::string_view k = keys_[0];
    const auto whole = saturating_cast<std::int64_t>(value);
    if (k == line_key::kPair)
        game_.pair = static_cast<std::uint64_t>(std::max<std::int64_t>(0, whole));
    else if (k == line_key::kPairGame)
        game_.pair_game = saturating_cast<int>(value);
    else if (k == line_key::kGame)
        game_.game = whole;
    else if (k == line_key::kRound)
        game_.round = whole;
    else if (k == line_key::kOpeningIndex)
        game_.opening_index = whole;
    else if (k == line_key::kPlies)
        game_.plies = whole;
    else if (k == line_key::kEgdbProbeErrors)
        game_.egdb_probe_errors = whole;
}

bool LineHandler::number(double value, bool integer) {
    if (!std::isfinite(value)) return true;
    const Place where = place();
    if (where == Place::Top) {
        top_number(value);
    } else if (where == Place::WhiteStats || where == Place::BlackStats) {
        SideTotals& totals = where == Place::WhiteStats ? game_.white_totals : game_.black_totals;
        const std::string_view k = keys_[1];
        if (k == side_key::kMoves)
            totals.moves = saturating_cast<std::int64_t>(value);
        else if (k == side_key::kTime)
            totals.time = value;
        else if (k == side_key::kNodes)
            totals.nodes = saturating_cast<std::int64_t>(value);
    } else if (where == Place::Move) {
        RecordedMove& move = game_.moves.back();
        const std::string_view k = keys_[2];
        if (k == move_key::kTime) move.time = value;
        // Older files wrote integer scores in engine units (1000 per man).
        else if (k == move_key::kScore)
            move.score = integer ? value / 1000.0 : value;
        else if (k == move_key::kWinIn)
            move.win_in = saturating_cast<int>(value);
        else if (k == move_key::kDepth)
            move.depth = saturating_cast<int>(value);
        else if (k == move_key::kNodes)
            move.nodes = saturating_cast<std::int64_t>(value);
    }
    return true;
}

/// The lines of a text, without their line ends; an empty last line is dropped.
std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

/// The line with every move's principal variation (about half of a line, and not shown by the
/// report) replaced by 0, found by a plain text search for '[' (far faster than lexing it): only
/// the moves array and the principal variations are arrays, and a '[' inside a string is no key.
/// Should a damaged line still confuse the cut, the cut line fails to parse and the whole line is
/// parsed instead.
std::string without_variations(std::string_view line) {
    static const std::string kKey = std::string("\"") + move_key::kPv + "\":";
    std::string out;
    out.reserve(line.size() / 2);
    std::size_t at = 0;
    for (std::size_t open = line.find('['); open != std::string_view::npos;
         open = line.find('[', at)) {
        if (open < kKey.size() || line.substr(open - kKey.size(), kKey.size()) != kKey) {
            out.append(line.substr(at, open + 1 - at));
            at = open + 1;
            continue;
        }
        const std::size_t close = line.find(']', open);
        if (close == std::string_view::npos) break;
        out.append(line.substr(at, open - at));
        out += '0';
        at = close + 1;
    }
    out.append(line.substr(at));
    return out;
}

bool parse_into(std::string_view text, MatchGame& game, std::string& error) {
    game = MatchGame{};
    LineHandler handler(game);
    if (Json::sax_parse(text.begin(), text.end(), &handler)) return true;
    error = handler.error();
    return false;
}

/// The fast way (move_array_scanner.hpp): the moves array read by the scanner, the rest of the
/// line (a few hundred bytes) by the SAX handler. False when either fails.
bool read_fast(std::string_view line, MatchGame& game) {
    static const std::string kMoves = std::string("\"") + line_key::kMoves + "\":[";
    const std::size_t key = line.find(kMoves);
    if (key == std::string_view::npos) return false;
    std::vector<RecordedMove> moves;
    const auto end = scan_move_array(line, key + kMoves.size() - 1, moves);
    if (!end) return false;
    std::string rest(line.substr(0, key + kMoves.size()));
    rest += ']';
    rest += line.substr(*end);
    std::string error;
    if (!parse_into(rest, game, error) || !game.moves.empty()) return false;
    game.moves = std::move(moves);
    return true;
}

}  // namespace

Expected<MatchGame> read_game_line(std::string_view line, std::string_view where) {
    MatchGame game;
    std::string error;
    if (!read_fast(line, game) && !parse_into(without_variations(line), game, error) &&
        !parse_into(line, game, error))
        return make_error(fmt::format("{}: not a JSON line ({})", where, error));
    if (game.white.empty() || game.black.empty() || game.result.empty())
        return make_error(fmt::format("{}: a game line needs white, black and result", where));
    return game;
}

Expected<MatchGame> read_game_line_by_json(std::string_view line, std::string_view where) {
    MatchGame game;
    std::string error;
    if (!parse_into(line, game, error))
        return make_error(fmt::format("{}: not a JSON line ({})", where, error));
    if (game.white.empty() || game.black.empty() || game.result.empty())
        return make_error(fmt::format("{}: a game line needs white, black and result", where));
    return game;
}

Expected<std::vector<MatchGame>> read_game_lines(const std::filesystem::path& file) {
    auto mapped = MappedFile::open(file);
    if (!mapped) return mapped.error();
    const std::vector<std::string_view> lines = split_lines(mapped->bytes());
    std::vector<MatchGame> games(lines.size());
    std::vector<std::string> errors(lines.size());
    std::atomic<bool> failed{false};
    // The caller reads the games the tasks wrote (TSan cannot see TBB's fork and join).
    const ForkJoinEdges edges;
    const auto each = [&](std::size_t i) {
        auto game = read_game_line(lines[i], fmt::format("{}:{}", file.string(), i + 1));
        if (!game) {
            errors[i] = game.error().message;
            failed = true;
            return;
        }
        games[i] = std::move(game).value();
        replay_game(games[i]);
    };
    tbb::parallel_for(tbb::blocked_range<std::size_t>(std::size_t{0}, lines.size()),
                      edges.traced([&](const tbb::blocked_range<std::size_t>& range) {
                          for (std::size_t i = range.begin(); i != range.end(); ++i) each(i);
                      }));
    edges.joined();
    if (failed) {
        for (std::size_t i = 0; i + 1 < lines.size(); ++i)
            if (!errors[i].empty()) return make_error(errors[i]);
        games.pop_back();  // the torn last line of an interrupted run
    }
    return games;
}

}  // namespace draughts::report
