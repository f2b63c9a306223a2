#include "engine/time_manager.hpp"

#include <algorithm>

namespace draughts::engine {

namespace {

TimeBudget plan_clock(double time_left, double increment, int moves_to_go, double overhead,
                      int pieces) {
    time_left = std::max(0.0, time_left);
    increment = std::max(0.0, increment);
    const double reserve = std::min(kClockReserve, 0.25 * time_left);
    const double usable = time_left - reserve;
    double moves = expected_moves_left(pieces);
    if (increment > 0) moves = std::min(moves, double{kFischerMovesLeft});
    if (moves_to_go > 0) moves = std::min(moves, double(moves_to_go));
    // The increment comes back after this move, so most of it can be spent now; the overhead
    // is charged to the clock on top of the search.
    const double optimum = std::max(0.0, usable / moves + 0.8 * increment - overhead);
    // The last move of a period may use the whole remainder; otherwise keep most of the clock
    // for the moves to come.
    const double share = moves_to_go == 1 ? 1.0 : 0.3;
    TimeBudget budget;
    budget.hard = std::max(0.0, std::min(3.5 * optimum, share * usable - overhead));
    // An iteration that ends past the soft limit has usually taken about half of the search: the
    // moves average out near the optimum.
    budget.soft = std::min(0.6 * optimum, budget.hard);
    return budget;
}

}  // namespace

double expected_moves_left(int pieces) { return std::clamp(8.0 + 1.2 * pieces, 12.0, 56.0); }

TimeBudget plan_time(const SearchLimits& limits, int pieces) {
    TimeBudget budget;
    if (limits.infinite) return budget;
    const double overhead = std::max(0.0, limits.move_overhead);
    if (limits.time_left)
        budget =
            plan_clock(*limits.time_left, limits.increment, limits.moves_to_go, overhead, pieces);
    if (limits.move_time) {
        // A fixed time per move: use all of it but a small margin for returning the move.
        const double t = std::max(0.0, *limits.move_time);
        const double hard = std::max(0.0, t - std::min(0.01, 0.1 * t) - overhead);
        budget.hard = std::min(budget.hard, hard);
        budget.soft = std::min(budget.soft, hard);
    }
    return budget;
}

double soft_limit_scale(const SearchSignals& signals) {
    // An unstable best move: the last iterations disagree, a deeper one may disagree again.
    const double instability = 1.0 + 0.7 * signals.best_move_changes;
    // A score that fell since the previous move: the position is turning, look harder (up to
    // 1.6 for a man lost); a score that rose needs a little less.
    const double drop =
        std::clamp(1.0 + 0.6 * signals.score_drop / double{kScorePerMan}, 0.85, 1.6);
    // With only two replies there is less to decide.
    const double replies = signals.legal_moves <= 2 ? 0.75 : 1.0;
    return std::clamp(instability * drop * replies, 0.5, 2.5);
}

}  // namespace draughts::engine
