#include "engine/time_manager.hpp"

#include <algorithm>

namespace draughts::engine {

namespace {

TimeBudget plan_clock(double time_left, double increment, int moves_to_go, double overhead,
                      int pieces, const TimeParameters& p) {
    time_left = std::max(0.0, time_left);
    increment = std::max(0.0, increment);
    const double reserve = std::min(p.clock_reserve, 0.25 * time_left);
    const double usable = time_left - reserve;
    double moves = expected_moves_left(pieces, p);
    if (increment > 0) moves = std::min(moves, p.fischer_moves_left);
    if (moves_to_go > 0) moves = std::min(moves, double(moves_to_go));
    moves = std::max(moves, 1.0);
    // The increment comes back after this move, so most of it can be spent now; the overhead
    // is charged to the clock on top of the search.
    const double optimum = std::max(0.0, usable / moves + p.increment_use * increment - overhead);
    // The last move of a period may use the whole remainder; otherwise keep most of the clock
    // for the moves to come.
    const double share = moves_to_go == 1 ? 1.0 : p.move_share;
    TimeBudget budget;
    budget.hard = std::max(0.0, std::min(p.hard_factor * optimum, share * usable - overhead));
    // An iteration that ends past the soft limit has usually taken about half of the search: the
    // moves average out near the optimum.
    budget.soft = std::min(p.soft_factor * optimum, budget.hard);
    return budget;
}

}  // namespace

double expected_moves_left(int pieces, const TimeParameters& p) {
    return std::clamp(p.moves_left_base + p.moves_left_per_piece * pieces, p.moves_left_min,
                      std::max(p.moves_left_min, p.moves_left_max));
}

TimeBudget plan_time(const SearchLimits& limits, int pieces, const TimeParameters& parameters) {
    TimeBudget budget;
    if (limits.infinite) return budget;
    const double overhead = std::max(0.0, limits.move_overhead);
    if (limits.time_left)
        budget = plan_clock(*limits.time_left, limits.increment, limits.moves_to_go, overhead,
                            pieces, parameters);
    if (limits.move_time) {
        // A fixed time per move: use all of it but a small margin for returning the move.
        const double t = std::max(0.0, *limits.move_time);
        const double hard = std::max(0.0, t - std::min(0.01, 0.1 * t) - overhead);
        budget.hard = std::min(budget.hard, hard);
        budget.soft = std::min(budget.soft, hard);
    }
    return budget;
}

double soft_limit_scale(const SearchSignals& signals, const TimeParameters& p) {
    // An unstable best move: the last iterations disagree, a deeper one may disagree again.
    const double instability = 1.0 + p.instability_factor * signals.best_move_changes;
    // A score that fell since the previous move: the position is turning, look harder (up to
    // 1.6 for a man lost by default); a score that rose needs a little less.
    const double drop =
        std::clamp(1.0 + p.score_drop_factor * signals.score_drop / double{kScorePerMan},
                   p.score_drop_min, std::max(p.score_drop_min, p.score_drop_max));
    // With only two replies there is less to decide.
    const double replies = signals.legal_moves <= 2 ? p.two_replies_factor : 1.0;
    return std::clamp(instability * drop * replies, p.scale_min,
                      std::max(p.scale_min, p.scale_max));
}

}  // namespace draughts::engine
