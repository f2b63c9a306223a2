#pragma once
// A played game's games.jsonl line, placed where the game sits in the schedule (pair, game,
// round, opening); the schema itself is records/game_line.hpp.

#include <optional>

#include "common/json_fwd.hpp"
#include "harness/tournament/schedule.hpp"
#include "records/game_record.hpp"

namespace draughts::harness {

/// The line of game `game` (0 or 1) of a pair. `book_index` is the opening's index in its book
/// (nullopt without a book). Defined for the variants of rules/variant_list.hpp.
template <typename V>
Json game_line(const BasicGameRecord<V>& record, const Pairing& pairing, int game,
               std::optional<std::size_t> book_index);

}  // namespace draughts::harness
