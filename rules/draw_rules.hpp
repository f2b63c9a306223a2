#pragma once
// The FMJD draw rules that depend on the course of the game rather than on the position alone,
// as counters carried from move to move. The search uses them to score drawn lines as draws.

#include "rules/position.hpp"

namespace draughts::rules {

/// Which counted endgame rule a material configuration falls under.
enum class EndgameRule : unsigned char {
    None,
    SixteenMoves,  ///< lone king against 3 pieces with at least one king [FMJD 6.3]
    FiveMoves,     ///< lone king against at most 2 pieces with at least one king [FMJD 6.4]
};

/// The endgame rule of a position's material.
EndgameRule endgame_rule(const Position& position);

/// Counters of the draw rules at one position of a game.
struct DrawCounters {
    /// Plies since the last man move or capture; 50 plies of king moves only draw. [FMJD 6.2]
    int reversible_plies = 0;
    EndgameRule rule = EndgameRule::None;
    /// Plies since the move that created the current endgame configuration. [FMJD 6.3, 6.4]
    int endgame_plies = 0;

    /// Counters at the first known position of a game: a game that starts in a counted ending
    /// counts from its start, as if the configuration had just been created.
    static DrawCounters at_start(const Position& position);

    /// Counters after the move that turned `before` into `after` (with these counters at
    /// `before`). A ply is reversible when no man moved and nothing was captured.
    DrawCounters next(const Position& before, const Position& after) const;

    /// True when one of the counted rules declares the game drawn at this position.
    bool is_draw() const;
};

inline constexpr int kReversibleDrawPlies = 50;
inline constexpr int kSixteenMoveDrawPlies = 32;
inline constexpr int kFiveMoveDrawPlies = 10;

}  // namespace draughts::rules
