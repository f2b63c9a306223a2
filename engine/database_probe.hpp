#pragma once
// The search's use of the endgame database (egdb/): scores of the positions it covers, read with
// the FMJD counts of the line that reached them, and the choice of move at a covered root (a won
// ending is played out by the database's plies, a lost one with the longest resistance, a drawn
// one towards the replies that leave the opponent the fewest ways to keep the draw).

#include <optional>

#include "egdb/database.hpp"
#include "engine/search_types.hpp"
#include "rules/draw_rules.hpp"
#include "rules/position.hpp"

namespace draughts::engine {

/// The score of `position` at `ply` with `counters`: a database win or loss (kDatabaseWin minus
/// ply and the plies the win needs), or 0 for a draw; nullopt when the database does not cover
/// the position (or a block of its file cannot be read: the search then goes on without it).
std::optional<int> database_score(const egdb::Database& db, const rules::Position& position,
                                  const rules::DrawCounters& counters, int ply);

/// The database's move at a covered root, as a search result (depth 1, no nodes); nullopt when
/// the root is not covered.
std::optional<SearchResult> database_root_move(const egdb::Database& db,
                                               const rules::Position& root,
                                               const rules::DrawCounters& counters);

}  // namespace draughts::engine
