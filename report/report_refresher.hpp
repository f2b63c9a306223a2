#pragma once
// Rewrites a running match's report now and then without holding up the games: the rewrite runs
// on a thread of its own (the tournament calls in under its lock, and a report of a long match
// takes a second or two), at most one at a time and at most once per interval.

#include <atomic>
#include <chrono>
#include <filesystem>
#include <optional>
#include <thread>
#include <vector>

namespace draughts::report {

/// See the top of the file. Errors of a background rewrite are ignored: the next one, or the
/// final report the caller writes itself, tries again.
class ReportRefresher {
  public:
    ReportRefresher(std::vector<std::filesystem::path> dirs, std::filesystem::path output,
                    std::chrono::steady_clock::duration interval);
    ~ReportRefresher();
    ReportRefresher(const ReportRefresher&) = delete;
    ReportRefresher& operator=(const ReportRefresher&) = delete;

    /// Starts a rewrite when the interval has passed since the last one started (the first call
    /// only starts the clock) and none is running.
    void maybe_refresh();
    /// Waits for a running rewrite to end.
    void wait();

  private:
    std::vector<std::filesystem::path> dirs_;
    std::filesystem::path output_;
    std::chrono::steady_clock::duration interval_;
    std::optional<std::chrono::steady_clock::time_point> last_;
    std::atomic<bool> running_{false};
    std::thread thread_;
};

}  // namespace draughts::report
