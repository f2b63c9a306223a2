// The project's own engine as a real child process (`draughts hub`) behind HubPlayer: it plays
// whole games through the referee, and at a fixed node count its games are move for move those
// of the same engine in-process (the protocol layer adds nothing and loses nothing).

#include <gtest/gtest.h>

#include "common/time_source.hpp"
#include "harness/builtin/in_process_player.hpp"
#include "harness/game/game_runner.hpp"
#include "harness/hub/hub_player.hpp"
#include "tests/support/process_probe.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

HubPlayerOptions draughts_hub(const std::string& name) {
    HubPlayerOptions options;
    options.name = name;
    options.client.process.argv = {testing::draughts_binary().string(), "hub"};
    options.client.process.stderr_sink = stderr_sink::Inherit{};
    return options;
}

GameSetup fixed_nodes_setup(const char* opening_fen) {
    GameSetup setup;
    const auto tc = parse_time_control("nodes=3000");
    EXPECT_TRUE(tc);
    setup.set_time_control(*tc);
    setup.adjudication.max_moves = 60;
    const auto start = parse_start_position(opening_fen);
    EXPECT_TRUE(start) << start.error().message;
    if (start) setup.start = *start;
    return setup;
}

std::vector<std::string> notations(const GameRecord& record) {
    std::vector<std::string> result;
    for (const PlyRecord& ply : record.plies) result.push_back(ply.notation);
    return result;
}

constexpr const char* kOpenings[] = {
    "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,"
    "13,14,15,16,17,18,19,20",
    "B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,"
    "13,14,15,16,17,18,19,20",
};

TEST(HubEngineGame, HubEngineGamesEqualInProcessGamesAtFixedNodes) {
    for (const char* fen : kOpenings) {
        const GameSetup setup = fixed_nodes_setup(fen);
        HubPlayer hub_white(draughts_hub("hub-white"));
        HubPlayer hub_black(draughts_hub("hub-black"));
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
        EXPECT_EQ(notations(*over_hub), notations(*in_process)) << fen;
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
