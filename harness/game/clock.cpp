#include "harness/game/clock.hpp"

#include <algorithm>

namespace draughts::harness {

SideClock::SideClock(const TimeControl& time_control, double margin, double move_cap,
                     double latency)
    : time_control_(time_control),
      margin_(margin),
      move_cap_(move_cap),
      latency_(latency),
      time_left_(time_control.base) {}

int SideClock::moves_to_go() const {
    const int period = time_control_.moves_per_period;
    if (!time_control_.has_clock() || period <= 0) return 0;
    return period - moves_made_ % period;
}

double SideClock::allowance() const {
    if (time_left_) return std::max(0.0, *time_left_ + margin_) + latency_;
    if (time_control_.move_time) return *time_control_.move_time + margin_ + latency_;
    return move_cap_;
}

double SideClock::charged(double seconds) const { return std::max(0.0, seconds - latency_); }

engine::SearchLimits SideClock::limits() const {
    engine::SearchLimits limits;
    limits.depth = time_control_.depth;
    limits.nodes = time_control_.nodes;
    limits.move_time = time_control_.move_time;
    if (time_left_) {
        limits.time_left = std::max(0.0, *time_left_);
        limits.increment = time_control_.increment;
        limits.moves_to_go = moves_to_go();
    }
    return limits;
}

bool SideClock::charge(double seconds) {
    const double allowed = allowance();
    const double cost = charged(seconds);
    time_used_ += cost;
    if (time_left_) *time_left_ -= cost;
    if (seconds > allowed) return false;
    ++moves_made_;
    if (time_left_) {
        *time_left_ += time_control_.increment;
        const int period = time_control_.moves_per_period;
        if (period > 0 && moves_made_ % period == 0) *time_left_ += *time_control_.base;
    }
    return true;
}

}  // namespace draughts::harness
