// The project's own engine as a real child process (`draughts hub`) behind HubPlayer: it plays
// whole games through the referee, and at a fixed node count its games are move for move those
// of the same engine in-process (the protocol layer adds nothing and loses nothing).

#include <gtest/gtest.h>

#include "common/time_source.hpp"
#include "harness/builtin/in_process_player.hpp"
#include "harness/game/game_runner.hpp"
#include "harness/hub/hub_player.hpp"
#include "tests/app/engine_games.hpp"
#include "tests/support/process_probe.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

TEST(HubEngineGame, HubEngineGamesEqualInProcessGamesAtFixedNodes) {
    for (const char* fen : testing::kEngineGameOpenings) {
        const GameSetup setup = testing::fixed_nodes_setup(fen);
        HubPlayer hub_white(testing::draughts_hub("hub-white"));
        HubPlayer hub_black(testing::draughts_hub("hub-black"));
        ASSERT_TRUE(hub_white.start());
        ASSERT_TRUE(hub_black.start());
        const std::vector<pid_t> pids{hub_white.pid(), hub_black.pid()};
        SteadyTimeSource time;
        const auto over_hub = play_game(setup, hub_white, hub_black, time);
        hub_white.quit();
        hub_black.quit();
        ASSERT_TRUE(over_hub) << over_hub.error().message;
        EXPECT_NE(category_of(over_hub->end.termination), TerminationCategory::Forfeit)
            << over_hub->end.text;

        InProcessPlayer white("in-process-white");
        InProcessPlayer black("in-process-black");
        const auto in_process = play_game(setup, white, black, time);
        ASSERT_TRUE(in_process);
        EXPECT_GE(over_hub->plies.size(), 40U);
        EXPECT_EQ(testing::notations(*over_hub), testing::notations(*in_process)) << fen;
        EXPECT_EQ(over_hub->end.result, in_process->end.result);
        EXPECT_EQ(over_hub->end.termination, in_process->end.termination);
        for (const pid_t pid : pids) {
            EXPECT_TRUE(testing::reaped(pid));
            EXPECT_FALSE(testing::process_alive(pid));
        }
    }
}

}  // namespace
}  // namespace draughts::harness
