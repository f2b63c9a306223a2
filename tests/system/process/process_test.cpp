// The process layer against real children (/bin/sh scripts): line I/O, deadlines, exit and
// crash detection, stderr sinks, escalating shutdown, process groups, and no leaks.

#include "system/process/process.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>

#include "tests/support/command_runner.hpp"
#include "tests/support/process_probe.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;
using testing::shell;

// Generous for what must happen, short for what must not: no test depends on a race.
constexpr auto kGenerous = 10s;

std::unique_ptr<Process> start(ProcessOptions options) {
    auto process = Process::spawn(std::move(options));
    if (!process) ADD_FAILURE() << process.error().message;
    return process ? std::move(process).value() : nullptr;
}

std::unique_ptr<Process> start_shell(const std::string& script) {
    ProcessOptions options;
    options.argv = shell(script);
    return start(std::move(options));
}

using testing::read_text;

TEST(Process, EchoesLinesThroughCat) {
    ProcessOptions options;
    options.argv = {"cat"};
    auto cat = start(std::move(options));
    ASSERT_TRUE(cat);
    for (const std::string text : {"hub", "pos pos=Wbbbbb moves=\"32-28 19-23\"", ""}) {
        ASSERT_EQ(cat->write_line(text, deadline_after(kGenerous)), WriteStatus::Ok);
        const LineRead read = cat->read_line(deadline_after(kGenerous));
        ASSERT_EQ(read.status, LineRead::Status::Line);
        EXPECT_EQ(read.line, text);
    }
}

TEST(Process, StripsCarriageReturnsAndKeepsALastLineWithoutNewline) {
    auto child = start_shell("printf 'one\\r\\ntwo\\nthree'");
    ASSERT_TRUE(child);
    for (const char* expected : {"one", "two", "three"}) {
        const LineRead read = child->read_line(deadline_after(kGenerous));
        ASSERT_EQ(read.status, LineRead::Status::Line);
        EXPECT_EQ(read.line, expected);
    }
    EXPECT_EQ(child->read_line(deadline_after(kGenerous)).status, LineRead::Status::Closed);
}

TEST(Process, ReadTimesOutAtTheDeadline) {
    auto child = start_shell("exec sleep 30");
    ASSERT_TRUE(child);
    const auto begin = SteadyClock::now();
    EXPECT_EQ(child->read_line(deadline_after(50ms)).status, LineRead::Status::Timeout);
    EXPECT_GE(SteadyClock::now() - begin, 50ms);
    EXPECT_TRUE(child->running());
}

TEST(Process, InterruptWakesABlockedRead) {
    auto child = start_shell("exec sleep 30");
    ASSERT_TRUE(child);
    std::thread other([&] {
        std::this_thread::sleep_for(20ms);
        child->interrupt();
    });
    EXPECT_EQ(child->read_line(kNoDeadline).status, LineRead::Status::Interrupted);
    other.join();
}

TEST(Process, ReportsTheExitStatus) {
    auto child = start_shell("exit 3");
    ASSERT_TRUE(child);
    const auto status = child->wait_for_exit(deadline_after(kGenerous));
    ASSERT_TRUE(status);
    EXPECT_EQ(*status, ExitStatus::exited(3));
    EXPECT_EQ(status->describe(), "exited with status 3");
}

TEST(Process, ReportsDeathBySignal) {
    auto child = start_shell("kill -SEGV $$");
    ASSERT_TRUE(child);
    const auto status = child->wait_for_exit(deadline_after(kGenerous));
    ASSERT_TRUE(status);
    EXPECT_TRUE(status->killed_by(SIGSEGV));
    EXPECT_EQ(status->describe(), "killed by signal 11 (SIGSEGV)");
}

TEST(Process, WaitForExitTimesOutWhileTheChildRuns) {
    auto child = start_shell("exec sleep 30");
    ASSERT_TRUE(child);
    EXPECT_FALSE(child->wait_for_exit(deadline_after(30ms)));
    EXPECT_FALSE(child->poll_exit());
}

TEST(Process, PassesArgumentsWorkingDirectoryAndEnvironment) {
    const auto directory = std::filesystem::temp_directory_path();
    ProcessOptions options;
    options.argv = {"/bin/sh", "-c", "pwd; echo \"$DRAUGHTS_TEST_VALUE\"; echo \"$1\"", "sh",
                    "two words"};
    options.working_directory = directory;
    options.environment = {"DRAUGHTS_TEST_VALUE=a=b c"};
    auto child = start(std::move(options));
    ASSERT_TRUE(child);
    const std::string expected[] = {std::filesystem::canonical(directory).string(), "a=b c",
                                    "two words"};
    for (const std::string& line : expected) {
        const LineRead read = child->read_line(deadline_after(kGenerous));
        ASSERT_EQ(read.status, LineRead::Status::Line);
        EXPECT_EQ(read.line, line);
    }
}

TEST(Process, ClearedEnvironmentHasOnlyTheGivenVariables) {
    ProcessOptions options;
    options.argv = {"/usr/bin/env"};
    options.inherit_environment = false;
    options.environment = {"ONLY=1"};
    auto child = start(std::move(options));
    ASSERT_TRUE(child);
    EXPECT_EQ(child->read_line(deadline_after(kGenerous)).line, "ONLY=1");
    EXPECT_EQ(child->read_line(deadline_after(kGenerous)).status, LineRead::Status::Closed);
}

/// The descriptors this process has open now.
std::set<int> open_descriptors() {
    std::set<int> fds;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd"))
        fds.insert(std::stoi(entry.path().filename().string()));
    return fds;
}

TEST(Process, ChildInheritsNoDescriptorOfTheHarness) {
    // A first child keeps the pipes the harness opened for it (its ends here); a second child
    // must not see any of them. Besides, it may see only its three standard descriptors, those
    // the test program itself inherited without close-on-exec, and the shell's own (>= 10).
    std::set<int> allowed{0, 1, 2};
    for (const int fd : open_descriptors()) {
        const int flags = ::fcntl(fd, F_GETFD);
        if (flags >= 0 && (flags & FD_CLOEXEC) == 0) allowed.insert(fd);
    }
    const std::set<int> before = open_descriptors();
    auto holder = start_shell("exec sleep 30");
    ASSERT_TRUE(holder);
    std::set<int> harness_fds;
    for (const int fd : open_descriptors())
        if (!before.contains(fd)) harness_fds.insert(fd);
    ASSERT_FALSE(harness_fds.empty());
    // `ls` runs in a process of its own and lists the shell's descriptors.
    auto child = start_shell("ls /proc/$$/fd");
    ASSERT_TRUE(child);
    std::set<int> seen;
    for (LineRead read;
         (read = child->read_line(deadline_after(kGenerous))).status == LineRead::Status::Line;) {
        seen.insert(std::stoi(read.line));
    }
    EXPECT_TRUE(seen.contains(0) && seen.contains(1) && seen.contains(2));
    for (const int fd : harness_fds) EXPECT_FALSE(seen.contains(fd)) << fd;
    for (const int fd : seen) EXPECT_TRUE(allowed.contains(fd) || fd >= 10) << fd;
}

TEST(Process, SpawnErrorNamesTheProgram) {
    ProcessOptions options;
    options.argv = {"/nonexistent/engine"};
    const auto process = Process::spawn(std::move(options));
    ASSERT_FALSE(process);
    EXPECT_NE(process.error().message.find("/nonexistent/engine"), std::string::npos);
    EXPECT_NE(process.error().message.find("No such file"), std::string::npos);
}

TEST(Process, SpawnErrorNamesAMissingWorkingDirectory) {
    ProcessOptions options;
    options.argv = {"true"};
    options.working_directory = "/nonexistent/dir";
    const auto process = Process::spawn(std::move(options));
    ASSERT_FALSE(process);
    EXPECT_NE(process.error().message.find("/nonexistent/dir"), std::string::npos);
}

TEST(Process, StderrGoesToALogFile) {
    const auto log = std::filesystem::temp_directory_path() /
                     ("draughts_process_test_" + std::to_string(::getpid()) + ".log");
    std::filesystem::remove(log);
    for (const char* text : {"first", "second"}) {
        ProcessOptions options;
        options.argv = shell(std::string("echo ") + text + " >&2");
        options.stderr_sink = stderr_sink::File{log};
        auto child = start(std::move(options));
        ASSERT_TRUE(child);
        ASSERT_TRUE(child->wait_for_exit(deadline_after(kGenerous)));
    }
    EXPECT_EQ(read_text(log), "first\nsecond\n");  // appended, never truncated
    std::filesystem::remove(log);
}

TEST(Process, StderrLinesReachTheCallback) {
    std::mutex mutex;
    std::vector<std::string> lines;
    ProcessOptions options;
    options.argv = shell("echo one >&2; printf 'two\\nthree' >&2");
    options.stderr_sink = stderr_sink::Lines{[&](std::string_view line) {
        const std::lock_guard lock(mutex);
        lines.emplace_back(line);
    }};
    auto child = start(std::move(options));
    ASSERT_TRUE(child);
    ASSERT_TRUE(child->wait_for_exit(deadline_after(kGenerous)));
    const std::lock_guard lock(mutex);
    EXPECT_EQ(lines, (std::vector<std::string>{"one", "two", "three"}));
}

TEST(Process, FloodOfStderrNeverBlocksTheChild) {
    // Four megabytes on stderr (far more than a pipe holds) before the first line on stdout.
    for (StderrSink sink : std::vector<StderrSink>{stderr_sink::Discard{},
                                                   stderr_sink::Lines{[](std::string_view) {}}}) {
        ProcessOptions options;
        options.argv = shell("head -c 4000000 /dev/zero | tr '\\0' 'x' >&2; echo done");
        options.stderr_sink = std::move(sink);
        auto child = start(std::move(options));
        ASSERT_TRUE(child);
        const LineRead read = child->read_line(deadline_after(kGenerous));
        EXPECT_EQ(read.status, LineRead::Status::Line);
        EXPECT_EQ(read.line, "done");
    }
}

TEST(Process, StdoutCanJoinTheStderrSinkAndThenNeverBlocks) {
    // A socket engine's chatter (four megabytes on stdout) reaches the stderr sink instead of a
    // pipe nobody reads; read_line() sees end of file at once.
    std::mutex mutex;
    std::vector<std::string> lines;
    ProcessOptions options;
    options.argv = shell("echo out; echo err >&2; head -c 4000000 /dev/zero > /dev/stdout; exit 3");
    options.stdout_to_stderr = true;
    options.stderr_sink = stderr_sink::Lines{[&](std::string_view line) {
        const std::lock_guard lock(mutex);
        if (lines.size() < 2) lines.emplace_back(line);
    }};
    auto child = start(std::move(options));
    ASSERT_TRUE(child);
    EXPECT_EQ(child->read_line(deadline_after(kGenerous)).status, LineRead::Status::Closed);
    const auto status = child->wait_for_exit(deadline_after(kGenerous));
    ASSERT_TRUE(status);
    EXPECT_EQ(*status, ExitStatus::exited(3));
    const std::lock_guard lock(mutex);
    EXPECT_EQ(lines, (std::vector<std::string>{"out", "err"}));
}

TEST(Process, OverlongLineIsReportedAndSkipped) {
    auto child = start_shell("head -c 1100000 /dev/zero | tr '\\0' 'x'; echo; echo ok");
    ASSERT_TRUE(child);
    EXPECT_EQ(child->read_line(deadline_after(kGenerous)).status, LineRead::Status::TooLong);
    const LineRead next = child->read_line(deadline_after(kGenerous));
    EXPECT_EQ(next.status, LineRead::Status::Line);
    EXPECT_EQ(next.line, "ok");
}

TEST(Process, WritingToAnExitedChildReportsClosedWithoutSigpipe) {
    auto child = start_shell("exit 0");
    ASSERT_TRUE(child);
    ASSERT_TRUE(child->wait_for_exit(deadline_after(kGenerous)));
    // Were SIGPIPE raised, this test program would die here.
    EXPECT_EQ(child->write_line("hub", deadline_after(kGenerous)), WriteStatus::Closed);
    sigset_t pending;
    sigpending(&pending);
    EXPECT_EQ(sigismember(&pending, SIGPIPE), 0);
}

TEST(Process, WriteTimesOutWhenTheChildNeverReads) {
    auto child = start_shell("exec sleep 30");
    ASSERT_TRUE(child);
    const std::string chunk(64 * 1024, 'x');
    WriteStatus status = WriteStatus::Ok;
    for (int i = 0; i < 64 && status == WriteStatus::Ok; ++i) {
        status = child->write_line(chunk, deadline_after(30ms));
    }
    EXPECT_EQ(status, WriteStatus::Timeout);
}

TEST(Process, ShutdownEndsAChildThatQuitsOnEndOfInput) {
    ProcessOptions options;
    options.argv = {"cat"};
    auto cat = start(std::move(options));
    ASSERT_TRUE(cat);
    EXPECT_TRUE(cat->shutdown(kGenerous / 2).success());
}

TEST(Process, ShutdownEscalatesToSigkill) {
    // Ignores SIGTERM and end of input; only SIGKILL ends it. It says so once the trap is set:
    // on a busy machine a SIGTERM 30 ms after the start could otherwise come first.
    auto stubborn = start_shell("trap '' TERM; echo trapped; while :; do sleep 1; done");
    ASSERT_TRUE(stubborn);
    ASSERT_EQ(stubborn->read_line(deadline_after(kGenerous)).line, "trapped");
    EXPECT_TRUE(stubborn->shutdown(30ms).killed_by(SIGKILL));
}

TEST(Process, KillReapsAndLeavesNoZombie) {
    auto child = start_shell("exec sleep 30");
    ASSERT_TRUE(child);
    const pid_t pid = child->pid();
    EXPECT_TRUE(child->kill().killed_by(SIGKILL));
    EXPECT_TRUE(testing::reaped(pid));
    EXPECT_FALSE(testing::process_alive(pid));
}

TEST(Process, DestructorReapsAndKillsTheWholeProcessGroup) {
    pid_t leader = 0;
    pid_t helper = 0;
    {
        // The engine starts a helper in the background and then hangs.
        ProcessOptions options;
        options.argv = shell("sleep 30 & echo $!; trap '' TERM; while :; do sleep 1; done");
        options.shutdown_grace = 20ms;
        auto child = start(std::move(options));
        ASSERT_TRUE(child);
        leader = child->pid();
        const LineRead read = child->read_line(deadline_after(kGenerous));
        ASSERT_EQ(read.status, LineRead::Status::Line);
        helper = static_cast<pid_t>(std::stol(read.line));
        ASSERT_TRUE(testing::process_alive(helper));
    }
    EXPECT_TRUE(testing::reaped(leader));
    EXPECT_FALSE(testing::process_alive(leader));
    // The helper is not our child (its zombie goes to init), but it must be dead.
    const auto deadline = deadline_after(kGenerous);
    while (testing::process_alive(helper) && !expired(deadline)) std::this_thread::yield();
    EXPECT_FALSE(testing::process_alive(helper));
}

TEST(Process, LeavesNoDescriptorsOrZombiesBehind) {
    const int before = testing::open_fd_count();
    const auto log = std::filesystem::temp_directory_path() /
                     ("draughts_fd_test_" + std::to_string(::getpid()) + ".log");
    std::vector<pid_t> pids;
    std::vector<StderrSink> sinks{stderr_sink::Discard{}, stderr_sink::Inherit{},
                                  stderr_sink::File{log}, stderr_sink::Lines{nullptr}};
    for (StderrSink& sink : sinks) {
        for (const char* script : {"echo hi; exit 0", "exec sleep 30", "kill -KILL $$"}) {
            ProcessOptions options;
            options.argv = shell(script);
            options.stderr_sink = sink;
            options.shutdown_grace = 20ms;
            auto child = start(std::move(options));
            ASSERT_TRUE(child);
            pids.push_back(child->pid());
            [[maybe_unused]] const LineRead read = child->read_line(deadline_after(20ms));
        }
    }
    EXPECT_EQ(testing::open_fd_count(), before);
    for (const pid_t pid : pids) EXPECT_TRUE(testing::reaped(pid)) << pid;
    std::filesystem::remove(log);
}

TEST(Process, RegistryTracksLiveChildrenAndKillsThem) {
    ChildRegistry registry;
    ProcessOptions options;
    options.argv = shell("exec sleep 30");
    options.registry = &registry;
    auto first = start(options);
    auto second = start(options);
    ASSERT_TRUE(first && second);
    EXPECT_EQ(registry.size(), 2U);
    EXPECT_EQ(registry.kill_all(SIGKILL), 2U);
    EXPECT_TRUE(first->wait_for_exit(deadline_after(kGenerous))->killed_by(SIGKILL));
    EXPECT_EQ(registry.size(), 1U);
    second.reset();
    EXPECT_EQ(registry.size(), 0U);
}

}  // namespace
}  // namespace draughts::harness
