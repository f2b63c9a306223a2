#include "harness/tournament/game_line.hpp"

#include "records/results_folder.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

template <typename V>
Json game_line(const BasicGameRecord<V>& record, const Pairing& pairing, int game,
               std::optional<std::size_t> book_index) {
    Json line = {{kPairKey, pairing.index},
                 {kPairGameKey, game},
                 {"game", pairing.game_index(game)},
                 {"round", pairing.round + 1},
                 {"opening_index", book_index ? Json(*book_index) : Json()}};
    // Then the game runner's record; the schedule's keys above come first and win ("round" is the
    // schedule's round here; the PDN Round tag is game + 1).
    Json details = to_json(record);
    for (auto& [key, value] : details.items())
        if (!line.contains(key)) line[key] = std::move(value);
    return line;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_GAME_LINE(V)                                      \
    template Json game_line<rules::V>(const BasicGameRecord<rules::V>& record, \
                                      const Pairing& pairing, int game,        \
                                      std::optional<std::size_t> book_index);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_GAME_LINE)
#undef DRAUGHTS_INSTANTIATE_GAME_LINE

std::optional<GameResult> parse_result(std::string_view text) {
    for (const GameResult r : {GameResult::WhiteWin, GameResult::BlackWin, GameResult::Draw})
        if (text == to_pdn_result(r)) return r;
    return std::nullopt;
}

std::uint64_t pair_signature(const Json& game0, const Json& game1) {
    std::string text;
    for (const Json* line : {&game0, &game1}) {
        if (const std::string* fen = string_field(*line, "start_fen")) text += *fen;
        text += ';';
        if (const Json* moves = json_field(*line, "moves"); moves != nullptr && moves->is_array()) {
            for (const Json& move : *moves) {
                if (const std::string* m = string_field(move, "move")) text += *m;
                text += ' ';
            }
        }
        text += '|';
    }
    return std::hash<std::string>{}(text);
}

Expected<LineSummary> summarize_line(const Json& line, const std::string& where) {
    const auto missing = [&](const char* key) {
        return make_error(where + ": key '" + key + "' is missing or has a bad value");
    };
    LineSummary s;
    const auto pair = unsigned_field(line, kPairKey);
    if (!pair) return missing(kPairKey);
    s.pair = *pair;
    const auto pair_game = unsigned_field(line, kPairGameKey);
    if (!pair_game || *pair_game > 1) return missing(kPairGameKey);
    s.pair_game = static_cast<int>(*pair_game);
    const std::string* white = string_field(line, "white");
    const std::string* black = string_field(line, "black");
    if (white == nullptr) return missing("white");
    if (black == nullptr) return missing("black");
    s.white = *white;
    s.black = *black;
    const std::string* result = string_field(line, "result");
    const auto parsed = result != nullptr ? parse_result(*result) : std::nullopt;
    if (!parsed) return missing("result");
    s.result = *parsed;
    const std::string* termination = string_field(line, "termination");
    const auto code = termination != nullptr ? termination_from_code(*termination) : std::nullopt;
    if (!code) return missing("termination");
    s.termination = *code;
    // Lines of international games carry no "variant" (they were written before variants).
    const std::string* variant = string_field(line, "variant");
    s.variant = variant != nullptr ? *variant : "international";
    return s;
}

}  // namespace draughts::harness
