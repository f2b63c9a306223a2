#pragma once
// How long one search may take, derived from the limits and the game clock. The plan keeps a
// reserve on the clock and never lets a single move use more than a fraction of what is left, so
// the engine does not lose on time by itself (the search checks the hard limit often).

#include <limits>

#include "engine/search_types.hpp"

namespace draughts::engine {

/// Time plan of one search, in seconds since its start.
struct TimeBudget {
    static constexpr double kUnlimited = std::numeric_limits<double>::infinity();
    /// After an iteration ends past this, no new iteration is started.
    double soft = kUnlimited;
    /// The search is aborted when this is reached.
    double hard = kUnlimited;

    bool limited() const { return hard != kUnlimited; }
};

/// Seconds kept on the clock for process and protocol overheads (at most a quarter of it).
inline constexpr double kClockReserve = 0.03;
/// Moves assumed to remain in sudden death or Fischer games.
inline constexpr int kExpectedMovesLeft = 30;

/// The plan for `limits`: fixed move time, clock (Fischer, moves per period, sudden death) or none.
TimeBudget plan_time(const SearchLimits& limits);

}  // namespace draughts::engine
