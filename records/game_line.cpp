#include "records/game_line.hpp"

#include <cmath>
#include <cstdlib>
#include <functional>

#include "common/json.hpp"
#include "engine/search_types.hpp"

namespace draughts::harness {

namespace {

Json side_json(const SideLine& s) {
    return {{side_key::kMoves, s.moves}, {side_key::kTime, s.seconds}, {side_key::kNodes, s.nodes}};
}

Json move_json(const MoveLine& m) {
    Json j = {{move_key::kMove, m.move}, {move_key::kTime, m.seconds}};
    if (m.clock) j[move_key::kClock] = *m.clock;
    if (m.score) put_score(j, *m.score);
    if (m.depth) j[move_key::kDepth] = *m.depth;
    if (m.nodes) j[move_key::kNodes] = *m.nodes;
    if (m.reported_seconds) j[move_key::kReportedTime] = *m.reported_seconds;
    if (!m.pv.empty()) j[move_key::kPv] = m.pv;
    return j;
}

std::optional<double> number_field(const Json& object, const char* key) {
    const Json* value = json_field(object, key);
    if (value == nullptr || !value->is_number()) return std::nullopt;
    return value->get<double>();
}

Error missing(std::string_view where, std::string_view key) {
    return Error{std::string(where) + ": key '" + std::string(key) +
                 "' is missing or has a bad value"};
}

Expected<SideLine> parse_side(const Json& line, const char* key, std::string_view where) {
    SideLine side;
    const Json* object = json_field(line, key);
    if (object == nullptr) return side;  // older lines had no totals
    if (!object->is_object()) return missing(where, key);
    side.moves = int_field(*object, side_key::kMoves).value_or(0);
    side.seconds = number_field(*object, side_key::kTime).value_or(0.0);
    side.nodes = unsigned_field(*object, side_key::kNodes).value_or(0);
    return side;
}

Expected<MoveLine> parse_move(const Json& object, std::string_view where, std::size_t ply) {
    const auto problem = [&](const std::string& what) {
        return make_error(std::string(where) + ": ply " + std::to_string(ply) + ": " + what);
    };
    if (!object.is_object()) return problem("not an object");
    MoveLine m;
    const std::string* text = string_field(object, move_key::kMove);
    if (text == nullptr) return problem("a move without notation");
    m.move = *text;
    m.seconds = number_field(object, move_key::kTime).value_or(0.0);
    m.clock = number_field(object, move_key::kClock);
    m.score = read_score(object);
    if (const auto depth = int_field(object, move_key::kDepth)) m.depth = static_cast<int>(*depth);
    m.nodes = unsigned_field(object, move_key::kNodes);
    m.reported_seconds = number_field(object, move_key::kReportedTime);
    if (const Json* pv = json_field(object, move_key::kPv); pv != nullptr && pv->is_array())
        for (const Json& step : *pv)
            if (step.is_string()) m.pv.push_back(step.get<std::string>());
    return m;
}

/// "2-0", "0-2", "1-1" or "*" (an unfinished game).
std::optional<GameResult> parse_any_result(std::string_view text) {
    if (text == to_pdn_result(GameResult::Unfinished)) return GameResult::Unfinished;
    return parse_result(text);
}

}  // namespace

Json to_json(const GameLine& line) {
    Json j = Json::object();
    if (line.place) {
        const GamePlace& p = *line.place;
        j[line_key::kSchema] = kGameLineSchema;
        j[line_key::kPair] = p.pair;
        j[line_key::kPairGame] = p.pair_game;
        j[line_key::kGame] = p.game;
        j[line_key::kRound] = p.round;
        j[line_key::kOpeningIndex] = p.opening_index ? Json(*p.opening_index) : Json();
        j[line_key::kEvent] = line.event;
    } else {
        j[line_key::kEvent] = line.event;
        j[line_key::kRound] = line.round;
    }
    j[line_key::kOpening] = line.opening;
    j[line_key::kWhite] = line.white;
    j[line_key::kBlack] = line.black;
    j[line_key::kStartFen] = line.start_fen;
    j[line_key::kTimeControlWhite] = line.time_controls[0];
    j[line_key::kTimeControlBlack] = line.time_controls[1];
    j[line_key::kResult] = to_pdn_result(line.result);
    j[line_key::kTermination] = termination_code(line.termination);
    j[line_key::kCategory] = category_name(category_of(line.termination));
    j[line_key::kTerminationText] = line.termination_text;
    j[line_key::kPlies] = line.moves.size();
    j[line_key::kWhiteStats] = side_json(line.sides[0]);
    j[line_key::kBlackStats] = side_json(line.sides[1]);
    Json moves = Json::array();
    for (const MoveLine& m : line.moves) moves.push_back(move_json(m));
    j[line_key::kMoves] = std::move(moves);
    if (!line.egdb_value.empty()) j[line_key::kEgdbValue] = line.egdb_value;
    if (line.egdb_probe_errors > 0) {
        j[line_key::kEgdbProbeErrors] = line.egdb_probe_errors;
        j[line_key::kEgdbProbeError] = line.egdb_probe_error;
    }
    if (line.variant != "international") j[line_key::kVariant] = line.variant;
    return j;
}

namespace {

/// The failed probes a line records: 0 when absent (lines without any, and lines written before
/// they were counted).
Expected<int> probe_errors_of(const Json& line, std::string_view where) {
    if (!line.contains(line_key::kEgdbProbeErrors)) return 0;
    const auto errors = unsigned_field(line, line_key::kEgdbProbeErrors);
    if (!errors || *errors > 1'000'000'000) return missing(where, line_key::kEgdbProbeErrors);
    return static_cast<int>(*errors);
}

}  // namespace

Expected<GameLine> parse_game_line(const Json& json, std::string_view where) {
    if (!json.is_object()) return make_error(std::string(where) + ": not a JSON object");
    GameLine line;
    if (const auto pair = unsigned_field(json, line_key::kPair)) {
        GamePlace place;
        place.pair = *pair;
        const auto pair_game = unsigned_field(json, line_key::kPairGame);
        if (!pair_game || *pair_game > 1) return missing(where, line_key::kPairGame);
        place.pair_game = static_cast<int>(*pair_game);
        place.game = unsigned_field(json, line_key::kGame).value_or(0);
        place.round = unsigned_field(json, line_key::kRound).value_or(0);
        if (const auto index = unsigned_field(json, line_key::kOpeningIndex))
            place.opening_index = static_cast<std::size_t>(*index);
        line.place = place;
    } else if (const std::string* round = string_field(json, line_key::kRound)) {
        line.round = *round;
    }
    const auto text = [&](const char* key) {
        const std::string* value = string_field(json, key);
        return value != nullptr ? *value : std::string();
    };
    line.event = text(line_key::kEvent);
    line.opening = text(line_key::kOpening);
    line.white = text(line_key::kWhite);
    line.black = text(line_key::kBlack);
    line.time_controls = {text(line_key::kTimeControlWhite), text(line_key::kTimeControlBlack)};
    line.termination_text = text(line_key::kTerminationText);
    line.egdb_value = text(line_key::kEgdbValue);
    auto probe_errors = probe_errors_of(json, where);
    if (!probe_errors) return probe_errors.error();
    line.egdb_probe_errors = *probe_errors;
    line.egdb_probe_error = text(line_key::kEgdbProbeError);
    const std::string* fen = string_field(json, line_key::kStartFen);
    if (fen == nullptr) return missing(where, line_key::kStartFen);
    line.start_fen = *fen;
    const std::string* result = string_field(json, line_key::kResult);
    const auto parsed = result != nullptr ? parse_any_result(*result) : std::nullopt;
    if (!parsed) return missing(where, line_key::kResult);
    line.result = *parsed;
    if (const std::string* code = string_field(json, line_key::kTermination)) {
        const auto termination = termination_from_code(*code);
        if (!termination) return missing(where, line_key::kTermination);
        line.termination = *termination;
    }
    if (const std::string* variant = string_field(json, line_key::kVariant))
        line.variant = *variant;
    for (const auto& [colour, key] :
         {std::pair{0, line_key::kWhiteStats}, std::pair{1, line_key::kBlackStats}}) {
        auto side = parse_side(json, key, where);
        if (!side) return side.error();
        line.sides[static_cast<std::size_t>(colour)] = *side;
    }
    const Json* moves = json_field(json, line_key::kMoves);
    if (moves == nullptr || !moves->is_array()) return missing(where, line_key::kMoves);
    line.moves.reserve(moves->size());
    for (const Json& object : *moves) {
        auto move = parse_move(object, where, line.moves.size() + 1);
        if (!move) return move.error();
        line.moves.push_back(std::move(move).value());
    }
    return line;
}

std::optional<GameResult> parse_result(std::string_view text) {
    for (const GameResult r : {GameResult::WhiteWin, GameResult::BlackWin, GameResult::Draw})
        if (text == to_pdn_result(r)) return r;
    return std::nullopt;
}

std::uint64_t pair_signature(const Json& game0, const Json& game1) {
    std::string text;
    for (const Json* line : {&game0, &game1}) {
        if (const std::string* fen = string_field(*line, line_key::kStartFen)) text += *fen;
        text += ';';
        if (const Json* moves = json_field(*line, line_key::kMoves);
            moves != nullptr && moves->is_array()) {
            for (const Json& move : *moves) {
                if (const std::string* m = string_field(move, move_key::kMove)) text += *m;
                text += ' ';
            }
        }
        text += '|';
    }
    return std::hash<std::string>{}(text);
}

Expected<LineSummary> summarize_line(const Json& line, const std::string& where) {
    LineSummary s;
    const auto pair = unsigned_field(line, line_key::kPair);
    if (!pair) return missing(where, line_key::kPair);
    s.pair = *pair;
    const auto pair_game = unsigned_field(line, line_key::kPairGame);
    if (!pair_game || *pair_game > 1) return missing(where, line_key::kPairGame);
    s.pair_game = static_cast<int>(*pair_game);
    const std::string* white = string_field(line, line_key::kWhite);
    const std::string* black = string_field(line, line_key::kBlack);
    if (white == nullptr) return missing(where, line_key::kWhite);
    if (black == nullptr) return missing(where, line_key::kBlack);
    s.white = *white;
    s.black = *black;
    const std::string* result = string_field(line, line_key::kResult);
    const auto parsed = result != nullptr ? parse_result(*result) : std::nullopt;
    if (!parsed) return missing(where, line_key::kResult);
    s.result = *parsed;
    const std::string* termination = string_field(line, line_key::kTermination);
    const auto code = termination != nullptr ? termination_from_code(*termination) : std::nullopt;
    if (!code) return missing(where, line_key::kTermination);
    s.termination = *code;
    // Lines of international games carry no "variant" (they were written before variants).
    const std::string* variant = string_field(line, line_key::kVariant);
    s.variant = variant != nullptr ? *variant : "international";
    auto probe_errors = probe_errors_of(line, where);
    if (!probe_errors) return probe_errors.error();
    s.egdb_probe_errors = *probe_errors;
    return s;
}

void put_score(Json& move, int score) {
    if (engine::is_win_score(score))
        move[move_key::kWinIn] = engine::plies_to_win(score);
    else
        move[move_key::kScore] = static_cast<double>(score) / engine::kScorePerMan;
}

std::optional<int> read_score(const Json& move) {
    constexpr double kMaxMen = static_cast<double>(engine::kWinThreshold) / engine::kScorePerMan;
    if (const auto plies = int_field(move, move_key::kWinIn)) {
        if (*plies == 0 || std::abs(*plies) >= engine::kWinScore - engine::kWinThreshold)
            return std::nullopt;
        const int magnitude = engine::kWinScore - static_cast<int>(std::abs(*plies));
        return *plies > 0 ? magnitude : -magnitude;
    }
    const Json* score = json_field(move, move_key::kScore);
    if (score == nullptr) return std::nullopt;
    if (score->is_number_integer()) {  // engine units (older files)
        const auto units = int_field(move, move_key::kScore);
        if (!units || std::abs(*units) > engine::kWinScore) return std::nullopt;
        return static_cast<int>(*units);
    }
    if (!score->is_number_float()) return std::nullopt;
    const double men = score->get<double>();
    if (!std::isfinite(men) || std::abs(men) > kMaxMen) return std::nullopt;
    return static_cast<int>(std::lround(men * engine::kScorePerMan));
}

}  // namespace draughts::harness
