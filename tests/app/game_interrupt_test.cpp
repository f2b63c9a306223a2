// `draughts game` stopped by a signal ends like every other command: the game is recorded as
// aborted (result "*") and the exit status is 128 + the signal (143 for SIGTERM, 130 for Ctrl-C).

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <string>
#include <thread>

#include "system/process/process.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

class GameInterrupt : public ::testing::TestWithParam<int> {};

TEST_P(GameInterrupt, RecordsTheAbortedGameAndExitsWith128PlusTheSignal) {
    const int signal = GetParam();
    // The engine logs what it receives: once it has its `go`, the game is being played.
    testing::TempFolder folder("game_interrupt");
    const std::string log = (folder.path() / "engine.log").string();
    ProcessOptions options;
    options.argv = {testing::draughts_binary().string(),
                    "game",
                    "--white",
                    "proto=hub",
                    "cmd=" + testing::mock_binary("hub_normal").string(),
                    "args=--think-ms 600000 --log " + log,
                    "--black",
                    "random:1"};
    auto game = Process::spawn(std::move(options));
    ASSERT_TRUE(game) << game.error().message;
    const Deadline give_up = deadline_after(120s);
    while (testing::read_text(log).find("go think") == std::string::npos) {
        ASSERT_FALSE(expired(give_up)) << "the engine never searched";
        ASSERT_TRUE((*game)->running()) << "the game ended first";
        std::this_thread::sleep_for(10ms);
    }
    (*game)->send_signal(signal);
    std::string out;
    for (LineRead line = (*game)->read_line(give_up); line.status == LineRead::Status::Line;
         line = (*game)->read_line(give_up))
        out += line.line + "\n";
    const auto status = (*game)->wait_for_exit(give_up);
    ASSERT_TRUE(status);
    EXPECT_EQ(*status, ExitStatus::exited(128 + signal)) << status->describe();
    EXPECT_NE(out.find("[Result \"*\"]"), std::string::npos) << out;
    EXPECT_NE(out.find("[Termination \"aborted\"]"), std::string::npos) << out;
}

INSTANTIATE_TEST_SUITE_P(Signals, GameInterrupt, ::testing::Values(SIGTERM, SIGINT),
                         [](const auto& param) {
                             return param.param == SIGTERM ? std::string("SIGTERM")
                                                           : std::string("SIGINT");
                         });

}  // namespace
}  // namespace draughts::harness
