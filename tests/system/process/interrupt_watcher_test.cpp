// The interrupt watcher with real signals sent to this test program: children are killed, the
// callback runs, and without a callback the program ends by the signal.

#include "system/process/interrupt_watcher.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <condition_variable>
#include <mutex>

#include "system/process/process.hpp"
#include "tests/support/process_probe.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

std::unique_ptr<Process> start_sleeper(ChildRegistry& registry) {
    ProcessOptions options;
    options.argv = testing::shell("trap '' TERM; while :; do sleep 1; done");
    options.registry = &registry;
    auto process = Process::spawn(std::move(options));
    return process ? std::move(process).value() : nullptr;
}

TEST(InterruptWatcher, FirstSignalRunsTheCallbackAndKillsEveryChild) {
    ChildRegistry registry;
    std::mutex mutex;
    std::condition_variable called;
    int seen_signal = 0;
    InterruptWatcher watcher(registry, [&](int signal) {
        const std::lock_guard lock(mutex);
        seen_signal = signal;
        called.notify_all();
    });
    auto first = start_sleeper(registry);
    auto second = start_sleeper(registry);
    ASSERT_TRUE(first && second);
    ASSERT_EQ(::kill(::getpid(), SIGINT), 0);
    {
        std::unique_lock lock(mutex);
        ASSERT_TRUE(called.wait_for(lock, 10s, [&] { return seen_signal != 0; }));
        EXPECT_EQ(seen_signal, SIGINT);
    }
    for (auto* process : {first.get(), second.get()}) {
        const auto status = process->wait_for_exit(deadline_after(10s));
        ASSERT_TRUE(status);
        EXPECT_TRUE(status->killed_by(SIGKILL));
    }
    EXPECT_EQ(watcher.signals_received(), 1);
    EXPECT_EQ(registry.size(), 0U);
}

TEST(InterruptWatcherDeathTest, WithoutCallbackTheProgramEndsByTheSignalAndNoChildSurvives) {
    // The child writes its engine's pid to a pipe the parent reads afterwards.
    int report[2];
    ASSERT_EQ(::pipe(report), 0);
    EXPECT_EXIT(
        {
            ChildRegistry registry;
            InterruptWatcher watcher(registry, nullptr);
            auto engine = start_sleeper(registry);
            const pid_t pid = engine->pid();
            [[maybe_unused]] const auto written = ::write(report[1], &pid, sizeof pid);
            ::kill(::getpid(), SIGTERM);
            for (;;) ::pause();
        },
        ::testing::KilledBySignal(SIGTERM), "");
    ::close(report[1]);
    pid_t engine_pid = 0;
    ASSERT_EQ(::read(report[0], &engine_pid, sizeof engine_pid),
              static_cast<ssize_t>(sizeof engine_pid));
    ::close(report[0]);
    // The engine was killed before the harness died; its zombie is init's to reap.
    const auto deadline = deadline_after(10s);
    while (testing::process_alive(engine_pid) && !expired(deadline)) std::this_thread::yield();
    EXPECT_FALSE(testing::process_alive(engine_pid));
}

}  // namespace
}  // namespace draughts::harness
