#pragma once
// The one notion of time in the toolkit: the engine's time manager, the Hub engine session and the
// referee's clocks all read a TimeSource. The real one is the steady clock; tests inject a fake
// that moves only when told to, so time logic is tested without sleeping.
//
// An interface rather than a std::function: a fake clock is then one object that a test both
// advances and hands out, and readers hold it by reference (or by pointer where it is optional)
// without owning it. Whoever creates a source keeps it alive while anything reads it.

#include <atomic>
#include <chrono>

namespace draughts {

/// A monotonic source of time in seconds. now() must be safe to call from several threads.
class TimeSource {
  public:
    virtual ~TimeSource() = default;
    /// Seconds since an arbitrary fixed origin; never decreases.
    virtual double now() const = 0;
};

/// Real time from std::chrono::steady_clock.
class SteadyTimeSource final : public TimeSource {
  public:
    double now() const override;
};

/// Steady-clock seconds since `start`: how long a step took, for reports and logs.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// A steady clock for readers that were given none (stateless, so one serves everybody).
const TimeSource& steady_time_source();

/// Simulated time for tests of clocks, deadlines, forfeits and time management. It moves through
/// advance() and, when `step` is positive, by `step` at every reading: like an engine that spends
/// that long between two looks at its clock, on any machine and without sleeping.
class FakeTimeSource final : public TimeSource {
  public:
    explicit FakeTimeSource(double start = 0.0, double step = 0.0) : step_(step), now_(start) {}
    /// Moves time on by the step, then reads it.
    double now() const override;
    /// The time now, without a reading's step (for a test's own bookkeeping).
    double peek() const { return now_.load(); }
    /// Moves time forward by `seconds` (must be >= 0).
    void advance(double seconds);

  private:
    double step_;
    mutable std::atomic<double> now_;
};

}  // namespace draughts
