#include "protocol/dxp/dxp_clock.hpp"

#include <algorithm>

namespace draughts::protocol {

DxpClock::DxpClock(const DxpGameRequest& request, std::optional<std::uint64_t> nodes,
                   std::optional<int> depth, double move_overhead)
    : move_overhead_(std::max(0.0, move_overhead)) {
    if (nodes || depth) {
        nodes_ = nodes;
        depth_ = depth;
    } else if (request.thinking_minutes > 0) {
        period_seconds_ = 60.0 * request.thinking_minutes;
        moves_per_period_ = request.moves;
        time_left_ = period_seconds_;
    } else {
        move_time_ = kFallbackMoveSeconds;
    }
}

engine::SearchLimits DxpClock::limits() const {
    engine::SearchLimits limits;
    limits.depth = depth_;
    limits.nodes = nodes_;
    limits.move_time = move_time_;
    limits.move_overhead = move_overhead_;
    if (time_left_) {
        limits.time_left = std::max(0.0, *time_left_);
        if (moves_per_period_ > 0)
            limits.moves_to_go = moves_per_period_ - moves_made_ % moves_per_period_;
    }
    return limits;
}

void DxpClock::charge(double seconds) {
    if (!time_left_) return;
    // Whether the move overstepped is this side's own measurement: the overhead is an allowance
    // for what the peer may count on top, not time this side used.
    const bool overstepped = seconds > std::max(0.0, *time_left_);
    *time_left_ -= seconds + move_overhead_;
    // A move past the end of the clock has lost on time, whatever the peer makes of it: it
    // completes no period, so no more time is given (as the referee's clock counts moves).
    if (overstepped) return;
    ++moves_made_;
    if (moves_per_period_ > 0 && moves_made_ % moves_per_period_ == 0)
        *time_left_ += *period_seconds_;
}

}  // namespace draughts::protocol
