#include "common/time_source.hpp"

#include <cassert>
#include <chrono>

namespace draughts {

double SteadyTimeSource::now() const {
    const auto since_epoch = std::chrono::steady_clock::now().time_since_epoch();
    return std::chrono::duration<double>(since_epoch).count();
}

void FakeTimeSource::advance(double seconds) {
    assert(seconds >= 0.0);
    double current = now_.load();
    while (!now_.compare_exchange_weak(current, current + seconds)) {
    }
}

}  // namespace draughts
