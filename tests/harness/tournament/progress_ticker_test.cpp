// The clock of a run's progress output: it calls back every interval whether games finish or
// not, and reports silence only when no game has finished for the heartbeat's time.

#include "harness/tournament/progress_ticker.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

TEST(ProgressTicker, TicksByTheClockAndReportsSilence) {
    std::atomic<int> ticks{0};
    std::atomic<int> silences{0};
    std::atomic<double> longest{0.0};
    {
        ProgressTicker ticker(
            {0.05, 0.2}, [&] { ++ticks; },
            [&](double seconds) {
                ++silences;
                longest = seconds;
            });
        std::this_thread::sleep_for(700ms);
    }
    EXPECT_GE(ticks.load(), 4);
    EXPECT_GE(silences.load(), 2) << "again every heartbeat while it lasts";
    EXPECT_LE(silences.load(), 4);
    EXPECT_GE(longest.load(), 0.4);
}

TEST(ProgressTicker, FinishedGamesKeepItQuiet) {
    std::atomic<int> silences{0};
    {
        ProgressTicker ticker({0.05, 0.3}, {}, [&](double) { ++silences; });
        for (int i = 0; i < 12; ++i) {
            ticker.game_finished();
            std::this_thread::sleep_for(50ms);
        }
    }
    EXPECT_EQ(silences.load(), 0);
}

TEST(ProgressTicker, StopsAtOnceWhenDestroyed) {
    const auto started = std::chrono::steady_clock::now();
    { ProgressTicker ticker({60.0, 60.0}, {}, {}); }
    EXPECT_LT(std::chrono::steady_clock::now() - started, 1s);
}

}  // namespace
}  // namespace draughts::harness
