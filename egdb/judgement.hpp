#pragma once
// The database's view of a position in a game: its stored value, what the running count of the
// FMJD rules leaves of it, and every legal move judged the same way, best first. Used to print
// probes, to choose the engine's move at the root, to adjudicate games and to play perfectly.

#include <optional>
#include <vector>

#include "common/expected.hpp"
#include "egdb/database.hpp"
#include "egdb/value.hpp"
#include "rules/draw_rules.hpp"
#include "rules/game_state.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::egdb {

/// One legal move as the database sees it.
struct MoveJudgement {
    rules::Move move;
    Value reply;                      ///< stored value after the move (the opponent to move)
    bool restarts = false;            ///< the move restarts the count (counting.hpp)
    Outcome outcome = Outcome::Draw;  ///< for the mover, with the counts after the move
    /// Plies of the count this move needs: for a win the fewest (1 after a restart), for a loss
    /// those the opponent needs after it plus one.
    int plies = 0;
};

/// A position in a game as the database sees it.
struct Judgement {
    Value value;      ///< stored value (side to move)
    int plies_left;   ///< plies left on the count that matters (counting.hpp)
    Outcome outcome;  ///< what the value guarantees with these plies left
    /// Every legal move, best first: wins (fewest plies; captures, then promotions first among
    /// equals), draws, losses (most plies first).
    std::vector<MoveJudgement> moves;
};

/// Judges `position` with draw-rule counters `counters`; nullopt when its slice is missing. The
/// error names a damaged file.
Expected<std::optional<Judgement>> judge(const Database& db, const rules::Position& position,
                                         const rules::DrawCounters& counters);

/// The result the database guarantees for the side to move in a game, under every FMJD rule:
/// the judged outcome, except that a win or loss is left to play when a position seen twice since
/// the last irreversible ply could still come back a third time [6.1]. nullopt when the position
/// is not covered or the result is not guaranteed.
Expected<std::optional<Judgement>> guaranteed(const Database& db, const rules::GameState& game);

}  // namespace draughts::egdb
