#include "engine/time_manager.hpp"

#include <algorithm>

namespace draughts::engine {

namespace {

TimeBudget plan_clock(double time_left, double increment, int moves_to_go, double overhead) {
    time_left = std::max(0.0, time_left);
    increment = std::max(0.0, increment);
    const double reserve = std::min(kClockReserve, 0.25 * time_left);
    const double usable = time_left - reserve;
    // Without an increment a sudden-death clock only shrinks: ration it more thinly.
    const int expected = increment > 0 ? kExpectedMovesLeft : 2 * kExpectedMovesLeft;
    const int moves = moves_to_go > 0 ? std::min(moves_to_go, expected) : expected;
    // The increment comes back after this move, so most of it can be spent now; the overhead
    // is charged to the clock on top of the search.
    const double target = std::max(0.0, usable / moves + 0.8 * increment - overhead);
    // The last move of a period may use the whole remainder; otherwise keep most of the clock
    // for the moves to come.
    const double share = moves_to_go == 1 ? 1.0 : 0.3;
    TimeBudget budget;
    budget.hard = std::max(0.0, std::min(2.5 * target, share * usable - overhead));
    budget.soft = std::min(0.6 * target, budget.hard);
    return budget;
}

}  // namespace

TimeBudget plan_time(const SearchLimits& limits) {
    TimeBudget budget;
    if (limits.infinite) return budget;
    const double overhead = std::max(0.0, limits.move_overhead);
    if (limits.time_left)
        budget = plan_clock(*limits.time_left, limits.increment, limits.moves_to_go, overhead);
    if (limits.move_time) {
        // A fixed time per move: use all of it but a small margin for returning the move.
        const double t = std::max(0.0, *limits.move_time);
        const double hard = std::max(0.0, t - std::min(0.01, 0.1 * t) - overhead);
        budget.hard = std::min(budget.hard, hard);
        budget.soft = std::min(budget.soft, hard);
    }
    return budget;
}

}  // namespace draughts::engine
