#include "system/process/deadline.hpp"

#include <algorithm>
#include <climits>

namespace draughts::harness {

Deadline deadline_after_seconds(double seconds) {
    // Beyond a year is "no deadline"; this also keeps the conversion below from overflowing.
    constexpr double kYear = 365.0 * 24 * 3600;
    if (!(seconds < kYear)) return kNoDeadline;
    const auto duration = std::chrono::duration<double>(std::max(seconds, 0.0));
    return SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(duration);
}

int poll_timeout_ms(Deadline deadline) {
    if (deadline == kNoDeadline) return -1;
    const auto left = deadline - SteadyClock::now();
    if (left <= SteadyClock::duration::zero()) return 0;
    const auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
    return static_cast<int>(std::min<decltype(ms)>(ms, INT_MAX));
}

}  // namespace draughts::harness
