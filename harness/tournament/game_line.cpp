#include "harness/tournament/game_line.hpp"

#include "harness/tournament/results_folder.hpp"

namespace draughts::harness {

Json game_line(const GameRecord& record, const Pairing& pairing, int game,
               std::optional<std::size_t> book_index) {
    Json line = Json::object();
    line.set(kPairKey, pairing.index)
        .set(kPairGameKey, game)
        .set("game", pairing.game_index(game))
        .set("round", pairing.round + 1)
        .set("opening_index", book_index ? Json(*book_index) : Json());
    // Then the game runner's record; the schedule's keys above come first and win ("round" is the
    // schedule's round here; the PDN Round tag is game + 1).
    const Json details = to_json(record);
    if (const auto* fields = details.as_object())
        for (const auto& [key, value] : *fields)
            if (line.find(key) == nullptr) line.set(key, value);
    return line;
}

std::optional<GameResult> parse_result(std::string_view text) {
    for (const GameResult r : {GameResult::WhiteWin, GameResult::BlackWin, GameResult::Draw})
        if (text == to_pdn_result(r)) return r;
    return std::nullopt;
}

Expected<LineSummary> summarize_line(const Json& line, const std::string& where) {
    const auto text = [&](const char* key) -> const std::string* {
        const Json* value = line.find(key);
        return value != nullptr ? value->as_string() : nullptr;
    };
    const auto missing = [&](const char* key) {
        return make_error(where + ": key '" + key + "' is missing or has a bad value");
    };
    LineSummary s;
    const Json* pair = line.find(kPairKey);
    if (pair == nullptr || pair->as_int() == nullptr || *pair->as_int() < 0)
        return missing(kPairKey);
    s.pair = static_cast<std::uint64_t>(*pair->as_int());
    const Json* pair_game = line.find(kPairGameKey);
    if (pair_game == nullptr || pair_game->as_int() == nullptr || *pair_game->as_int() < 0 ||
        *pair_game->as_int() > 1)
        return missing(kPairGameKey);
    s.pair_game = static_cast<int>(*pair_game->as_int());
    const std::string* white = text("white");
    const std::string* black = text("black");
    if (white == nullptr) return missing("white");
    if (black == nullptr) return missing("black");
    s.white = *white;
    s.black = *black;
    const std::string* result = text("result");
    const auto parsed = result != nullptr ? parse_result(*result) : std::nullopt;
    if (!parsed) return missing("result");
    s.result = *parsed;
    const std::string* termination = text("termination");
    const auto code = termination != nullptr ? termination_from_code(*termination) : std::nullopt;
    if (!code) return missing("termination");
    s.termination = *code;
    return s;
}

}  // namespace draughts::harness
