#include "harness/tournament/progress_ticker.hpp"

#include <algorithm>

namespace draughts::harness {

ProgressTicker::ProgressTicker(TickerTimes times, std::function<void()> on_interval,
                               std::function<void(double seconds)> on_silence)
    : times_(times),
      on_interval_(std::move(on_interval)),
      on_silence_(std::move(on_silence)),
      thread_([this](std::stop_token stop) { run(std::move(stop)); }) {}

ProgressTicker::~ProgressTicker() {
    thread_.request_stop();
    wake_.notify_all();
}

void ProgressTicker::game_finished() {
    const std::lock_guard lock(mutex_);
    last_game_ = Clock::now();
}

void ProgressTicker::run(std::stop_token stop) {
    const auto seconds = [](double s) {
        return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
    };
    Clock::time_point next_interval = Clock::now() + seconds(times_.interval);
    Clock::time_point last_silence_report{};
    std::unique_lock lock(mutex_);
    while (!stop.stop_requested()) {
        const Clock::time_point silence_due =
            std::max(last_game_, last_silence_report) + seconds(times_.heartbeat);
        const Clock::time_point wake = std::min(next_interval, silence_due);
        wake_.wait_until(lock, stop, wake, [] { return false; });
        if (stop.stop_requested()) return;
        const Clock::time_point now = Clock::now();
        const Clock::time_point since = last_game_;
        lock.unlock();
        if (now >= next_interval) {
            if (on_interval_) on_interval_();
            next_interval = now + seconds(times_.interval);
        }
        if (now >= std::max(since, last_silence_report) + seconds(times_.heartbeat)) {
            if (on_silence_) on_silence_(std::chrono::duration<double>(now - since).count());
            last_silence_report = now;
        }
        lock.lock();
    }
}

}  // namespace draughts::harness
