#pragma once
// Deadlines on the monotonic clock, so that waiting for a child is immune to wall-clock changes,
// and their conversion to the millisecond timeouts that poll() takes.

#include <chrono>

namespace draughts::harness {

/// The monotonic clock every deadline of the process layer is measured on.
using SteadyClock = std::chrono::steady_clock;
/// A point on SteadyClock by which something must happen.
using Deadline = SteadyClock::time_point;

/// The deadline that never comes: wait without limit.
inline constexpr Deadline kNoDeadline = Deadline::max();

/// The deadline `duration` from now.
template <typename Rep, typename Period>
Deadline deadline_after(std::chrono::duration<Rep, Period> duration) {
    return SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(duration);
}

/// The deadline `seconds` from now (seconds may be fractional).
Deadline deadline_after_seconds(double seconds);

/// Milliseconds to pass to poll(): -1 for kNoDeadline, 0 once the deadline has passed, otherwise
/// the time left rounded up so that poll never wakes before the deadline.
int poll_timeout_ms(Deadline deadline);

/// True once the deadline has passed.
inline bool expired(Deadline deadline) {
    return deadline != kNoDeadline && SteadyClock::now() >= deadline;
}

}  // namespace draughts::harness
