#pragma once
// The clock the referee reads. Games use the steady clock; tests inject a fake one that moves only
// when told to, so that clock logic is tested without sleeping.

#include <atomic>

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

/// Time that advances only through advance(): for tests of clocks, deadlines and forfeits.
class FakeTimeSource final : public TimeSource {
  public:
    explicit FakeTimeSource(double start = 0.0) : now_(start) {}
    double now() const override { return now_.load(); }
    /// Moves time forward by `seconds` (must be >= 0).
    void advance(double seconds);

  private:
    std::atomic<double> now_;
};

}  // namespace draughts
