// The orphan guard: engines do not outlive a harness that dies without ending them (kill -9),
// even an engine stuck in a search that never reads its input again.

#include "system/process/orphan_guard.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "system/process/child_registry.hpp"
#include "system/process/process.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/process_probe.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

/// A child that ignores SIGTERM and end of input, with a grandchild in its process group.
std::unique_ptr<Process> stubborn_child() {
    ProcessOptions options;
    options.argv = testing::shell("trap '' TERM; sleep 600 & wait; sleep 600");
    auto process = Process::spawn(std::move(options));
    EXPECT_TRUE(process) << process.error().message;
    return process ? std::move(process).value() : nullptr;
}

TEST(OrphanGuard, KillsTheWatchedGroupsWhenItsOwnerGoes) {
    auto guard = OrphanGuard::start();
    ASSERT_TRUE(guard) << guard.error().message;
    const auto child = stubborn_child();
    ASSERT_TRUE(child);
    (*guard)->watch(child->pid(), true);
    // Ending the guard closes its socket, as the death of the harness would.
    guard->reset();
    const auto status = child->wait_for_exit(deadline_after(5s));
    ASSERT_TRUE(status) << "the watched child is still running";
    EXPECT_TRUE(status->killed_by(SIGKILL)) << status->describe();
}

TEST(OrphanGuard, LeadsItsOwnProcessGroupAsSoonAsItIsStarted) {
    // Not only once the forked guard gets to run: a kill -9 of the harness's group right after
    // start() must not reach it.
    for (int i = 0; i < 20; ++i) {
        auto guard = OrphanGuard::start();
        ASSERT_TRUE(guard) << guard.error().message;
        EXPECT_EQ(::getpgid((*guard)->pid()), (*guard)->pid());
        EXPECT_NE(::getpgid((*guard)->pid()), ::getpgrp());
    }
}

TEST(OrphanGuard, LeavesForgottenChildrenAlone) {
    auto guard = OrphanGuard::start();
    ASSERT_TRUE(guard) << guard.error().message;
    const auto child = stubborn_child();
    ASSERT_TRUE(child);
    (*guard)->watch(child->pid(), true);
    (*guard)->forget(child->pid());
    guard->reset();
    EXPECT_FALSE(child->wait_for_exit(deadline_after(300ms))) << "a forgotten child was killed";
    EXPECT_TRUE(child->kill().killed_by(SIGKILL));
}

TEST(OrphanGuard, HoldsNoDescriptorOfTheHarness) {
    // Were the guard to keep an engine's stdin pipe open, the engine would never see end of
    // input: a well-behaved engine must still quit when its input closes.
    ChildRegistry registry;
    ASSERT_TRUE(registry.guard_orphans());
    ProcessOptions options;
    options.argv = testing::shell("cat >/dev/null");
    options.registry = &registry;
    auto child = Process::spawn(std::move(options));
    ASSERT_TRUE(child) << child.error().message;
    (*child)->close_stdin();
    const auto status = (*child)->wait_for_exit(deadline_after(5s));
    ASSERT_TRUE(status) << "the child never saw end of input";
    EXPECT_TRUE(status->success()) << status->describe();
}

TEST(OrphanGuard, AMatchKilledWithSigkillLeavesNoEngineRunning) {
    const fs::path dir =
        fs::temp_directory_path() / ("draughts-orphan-test-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string tag = (dir / "engine").string();
    // The engine hangs in its first search and ignores SIGTERM and end of input.
    std::ofstream(dir / "match.yaml")
        << "time_control: 60+0\ntournament: {games: 2}\nengines:\n  - {name: builtin}\n"
        << "  - {name: stuck, kind: hub, command: " << testing::mock_binary("hub_hang").string()
        << ", args: [--tag, \"" << tag << "\"]}\n";
    ProcessOptions options;
    options.argv = {testing::draughts_binary().string(),
                    "match",
                    (dir / "match.yaml").string(),
                    "--output",
                    (dir / "out").string(),
                    "--quiet"};
    auto harness = Process::spawn(std::move(options));
    ASSERT_TRUE(harness) << harness.error().message;
    // Killed once the engine is stuck in its search (it echoes what it receives, and the harness
    // logs its stderr), not after a fixed time: on a busy machine the engine may not have got
    // there yet, and an idle engine quits by itself at end of input, which proves nothing.
    const auto started = std::chrono::steady_clock::now();
    while (testing::read_text(dir / "out" / "engines.log").find("recv: go think") ==
           std::string::npos) {
        ASSERT_LT(std::chrono::steady_clock::now() - started, 120s) << "the engine never searched";
        ASSERT_TRUE((*harness)->running()) << "the harness ended";
        std::this_thread::sleep_for(20ms);
    }
    ASSERT_FALSE(testing::processes_with_argument(tag).empty());
    // SIGKILL to the harness's whole process group, as `kill -9 -PGID` would.
    EXPECT_TRUE((*harness)->kill().killed_by(SIGKILL));
    const auto killed = std::chrono::steady_clock::now();
    std::vector<pid_t> left = testing::processes_with_argument(dir.string());
    while (!left.empty() && std::chrono::steady_clock::now() - killed < 60s) {
        std::this_thread::sleep_for(20ms);
        left = testing::processes_with_argument(dir.string());
    }
    EXPECT_TRUE(left.empty()) << left.size() << " processes outlived the harness";
    for (const pid_t pid : left) ::kill(pid, SIGKILL);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace draughts::harness
