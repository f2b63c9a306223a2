#pragma once
// How long one search may take, derived from the limits, the game clock and what the search sees.
//
// The plan (plan_time) fixes two limits when the search starts: a hard one, at which the search is
// aborted, and a soft one: once an iteration ends past it, no new iteration starts. The plan keeps
// a reserve on the clock and never lets a single move use more than a fraction of what is left,
// so the engine does not lose on time by itself (the search checks the hard limit often).
//
// A clock is spread over the moves the game is expected still to last, estimated from the pieces
// on the board (expected_moves_left): a fixed guess of moves to go leaves much of a sudden-death
// clock unused at the end of a normal game, since each move takes a share of what is left.
//
// The soft limit then stretches or shrinks with what the iterations show (soft_limit_scale): more
// time while the best move keeps changing or the score has dropped since the previous move, less
// when the position leaves only two replies. It never passes the hard limit.

#include <limits>

#include "engine/search_parameters.hpp"
#include "engine/search_types.hpp"

namespace draughts::engine {

/// Time plan of one search, in seconds since its start.
struct TimeBudget {
    static constexpr double kUnlimited = std::numeric_limits<double>::infinity();
    /// After an iteration ends past this (times soft_limit_scale), no new iteration is started.
    double soft = kUnlimited;
    /// The search is aborted when this is reached.
    double hard = kUnlimited;

    bool limited() const { return hard != kUnlimited; }
};

/// Seconds kept on the clock for process and protocol overheads (at most a quarter of it), by
/// default (TimeParameters::clock_reserve).
inline constexpr double kClockReserve = TimeParameters{}.clock_reserve;
/// Moves of a Fischer game assumed to remain at most, by default: the increment comes back every
/// move.
inline constexpr int kFischerMovesLeft = static_cast<int>(TimeParameters{}.fischer_moves_left);
/// Pieces on the board at the start of the game.
inline constexpr int kInitialPieces = 40;

/// Moves a side is expected still to play with `pieces` men and kings on the board: with the
/// default parameters about 55 from the initial position, 30 with 20 pieces left, never fewer
/// than 12 (long king endings are ended by the draw rules, and the clock must last through them).
double expected_moves_left(int pieces, const TimeParameters& parameters = {});

/// The plan for `limits` with `pieces` on the board: fixed move time, clock (Fischer, moves per
/// period, sudden death) or none.
TimeBudget plan_time(const SearchLimits& limits, int pieces = kInitialPieces,
                     const TimeParameters& parameters = {});

/// What the iterations of a search have shown, for soft_limit_scale.
struct SearchSignals {
    /// Changes of the best move between iterations, halved at every iteration (0 to about 2).
    double best_move_changes = 0.0;
    /// How much the score has dropped since the engine's previous move (engine units, side to
    /// move's view; negative when it rose); 0 when there was no previous move.
    int score_drop = 0;
    int legal_moves = 2;
};

/// Factor for the soft limit, between 0.5 and 2.5 by default; see the top of the file.
double soft_limit_scale(const SearchSignals& signals, const TimeParameters& parameters = {});

}  // namespace draughts::engine
