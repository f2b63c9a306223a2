#include "common/time_source.hpp"

#include <cassert>
#include <chrono>

namespace draughts {

double SteadyTimeSource::now() const {
    const auto since_epoch = std::chrono::steady_clock::now().time_since_epoch();
    return std::chrono::duration<double>(since_epoch).count();
}

const TimeSource& steady_time_source() {
    static const SteadyTimeSource steady;
    return steady;
}

double FakeTimeSource::now() const {
    if (step_ == 0.0) return now_.load();
    return now_.fetch_add(step_) + step_;
}

void FakeTimeSource::advance(double seconds) {
    assert(seconds >= 0.0);
    now_.fetch_add(seconds);
}

}  // namespace draughts
