#pragma once
// The clock behind a run's progress output: a thread that wakes `tick` times a second while a
// match plays, so that progress appears by the clock and not only when games finish (a run that
// writes to a file or a CI log shows a line every interval, however long its games), and so that
// a run whose games stop finishing says so: after `heartbeat` seconds without a finished game it
// reports the silence, and again every `heartbeat` seconds while it lasts. Nothing can then look
// like a silent hang.

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <stop_token>
#include <thread>

namespace draughts::harness {

/// When the ticker calls back; see the top of the file.
struct TickerTimes {
    double interval = 10.0;   ///< seconds between calls of `on_interval`
    double heartbeat = 60.0;  ///< seconds without a finished game before `on_silence`
};

/// A thread that calls `on_interval()` every interval and `on_silence(seconds)` (seconds since
/// the last finished game, or since the start) when games stop finishing. The callbacks run on
/// the ticker's thread; they must be thread-safe with respect to the rest of the run.
class ProgressTicker {
  public:
    ProgressTicker(TickerTimes times, std::function<void()> on_interval,
                   std::function<void(double seconds)> on_silence);
    /// Stops the thread (a callback in progress finishes first).
    ~ProgressTicker();
    ProgressTicker(const ProgressTicker&) = delete;
    ProgressTicker& operator=(const ProgressTicker&) = delete;

    /// A game finished: the silence starts again. Thread-safe.
    void game_finished();

  private:
    using Clock = std::chrono::steady_clock;

    void run(std::stop_token stop);

    TickerTimes times_;
    std::function<void()> on_interval_;
    std::function<void(double)> on_silence_;
    std::mutex mutex_;
    std::condition_variable_any wake_;
    Clock::time_point last_game_ = Clock::now();
    std::jthread thread_;  // last: started when everything above is ready, joined first
};

}  // namespace draughts::harness
