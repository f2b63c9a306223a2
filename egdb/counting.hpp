#pragma once
// The FMJD counting rules as the database sees them (docs/egdb.md has the argument in full).
//
// At every position exactly one count matters: under the 16-move rule [FMJD 6.3] and the
// 5-move rule [6.4] the plies since the counted ending was entered (32 and 10 allowed), else the
// plies since the last man move or capture (25-move rule [6.2], 50 allowed). Inside a counted
// ending the 25-move count never runs out first: it was restarted when the ending was entered
// (only a capture or a promotion changes the material) and cannot pass the ending's count.
//
// A move restarts the count that matters after it exactly when it is a man move or a capture
// from a position without a counted ending, or a move into another class of ending (always a
// capture or a promotion). Otherwise the count goes on by one ply. So a position's result depends
// only on the plies left on its count, and can only get better for the side that wins with more
// plies left: the database stores the fewest plies that the win (or loss) needs, and a position
// with fewer plies left is a draw.

#include "egdb/value.hpp"
#include "rules/draw_rules.hpp"
#include "rules/position.hpp"

namespace draughts::egdb {

/// Plies a count may run before the game is drawn: 50 [6.2], 32 [6.3] or 10 [6.4].
int count_limit(rules::EndgameRule rule);

/// The rule whose count matters: "25-move rule", "16-move rule" or "5-move rule".
const char* counted_rule_name(rules::EndgameRule rule);

/// The count that matters in `counters` (plies already counted), see the top of this file.
int running_count(const rules::DrawCounters& counters);

/// Plies left on the count that matters before it draws the game (0 when it has).
int plies_left(const rules::DrawCounters& counters);

/// True when the move that turned `before` into `after` restarts the count that matters.
bool restarts_count(const rules::Position& before, const rules::Position& after);

/// The result a stored value guarantees with `left` plies left on the count: the stored outcome
/// when left >= value.plies, else a draw.
Outcome outcome_within(const Value& value, int left);

}  // namespace draughts::egdb
