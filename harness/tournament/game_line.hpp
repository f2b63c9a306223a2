#pragma once
// One line of games.jsonl: where the game sits in the schedule (pair, game, round, opening) and
// everything the game runner recorded (players, result, termination, plies, time and nodes per
// side, every move). Reading a line back gives what the standings need.

#include <cstdint>
#include <optional>
#include <string>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "harness/tournament/schedule.hpp"
#include "records/game_record.hpp"
#include "records/termination.hpp"

namespace draughts::harness {

/// The line of game `game` (0 or 1) of a pair: pair, pair_game, game (index in the tournament),
/// round (1-based round of the schedule), opening_index, then the fields of to_json(record).
/// `book_index` is the opening's index in its book (nullopt without a book).
/// Defined for the variants of rules/variant_list.hpp.
template <typename V>
Json game_line(const BasicGameRecord<V>& record, const Pairing& pairing, int game,
               std::optional<std::size_t> book_index);

/// What the standings take from a stored line.
struct LineSummary {
    std::uint64_t pair = 0;
    int pair_game = 0;
    std::string white;
    std::string black;
    GameResult result = GameResult::Unfinished;
    Termination termination = Termination::Aborted;
    std::string variant = "international";  ///< the rules it was played under
};

/// Reads the fields of a line written by game_line; errors name `where` and the key.
Expected<LineSummary> summarize_line(const Json& line, const std::string& where);

/// What identifies the games of a pair: its start positions and every move of both games. Two
/// pairs with the same signature played the same games (the same sample counted twice).
std::uint64_t pair_signature(const Json& game0, const Json& game1);

/// "2-0", "0-2" or "1-1" to a result; nullopt otherwise.
std::optional<GameResult> parse_result(std::string_view text);

}  // namespace draughts::harness
