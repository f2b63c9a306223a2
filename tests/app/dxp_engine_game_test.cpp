// The project's own engine as a real DXP process (`draughts dxp`) behind DxpPlayer (issue 8,
// acceptance 2): it plays whole games through the referee against `draughts hub` behind HubPlayer
// and against another `draughts dxp`, and at a fixed node count those games are move for move
// the games of the same engine in-process (the protocol layer adds nothing and loses nothing).

#include <gtest/gtest.h>

#include "common/time_source.hpp"
#include "harness/builtin/in_process_player.hpp"
#include "harness/dxp/dxp_player.hpp"
#include "harness/game/game_runner.hpp"
#include "harness/hub/hub_player.hpp"
#include "tests/app/engine_games.hpp"
#include "tests/support/process_probe.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

DxpPlayerOptions draughts_dxp(const std::string& name) {
    DxpPlayerOptions options;
    options.name = name;
    options.link.process.argv = {testing::draughts_binary().string(),
                                 "dxp",
                                 "--connect",
                                 "127.0.0.1:{port}",
                                 "--nodes",
                                 testing::kFixedNodes};
    options.link.process.stderr_sink = stderr_sink::Inherit{};
    return options;
}

/// Plays `setup` between the two players, then the same game in-process, and compares them.
void expect_same_as_in_process(const GameSetup& setup, Player& white, Player& black,
                               const std::vector<pid_t>& pids) {
    SteadyTimeSource time;
    const auto over_protocols = play_game(setup, white, black, time);
    white.quit();
    black.quit();
    ASSERT_TRUE(over_protocols) << over_protocols.error().message;
    EXPECT_NE(category_of(over_protocols->end.termination), TerminationCategory::Forfeit)
        << over_protocols->end.text;

    InProcessPlayer in_white("in-process-white");
    InProcessPlayer in_black("in-process-black");
    const auto in_process = play_game(setup, in_white, in_black, time);
    ASSERT_TRUE(in_process);
    EXPECT_GE(over_protocols->plies.size(), 40U);
    EXPECT_EQ(testing::notations(*over_protocols), testing::notations(*in_process));
    EXPECT_EQ(over_protocols->end.result, in_process->end.result);
    EXPECT_EQ(over_protocols->end.termination, in_process->end.termination);
    for (const pid_t pid : pids) {
        EXPECT_TRUE(testing::reaped(pid));
        EXPECT_FALSE(testing::process_alive(pid));
    }
}

TEST(DxpEngineGame, DxpAgainstHubGamesEqualInProcessGamesAtFixedNodes) {
    const int fds_before = testing::open_fd_count();
    for (int game = 0; game < 2; ++game) {
        const GameSetup setup = testing::fixed_nodes_setup(testing::kEngineGameOpenings[game]);
        DxpPlayer dxp(draughts_dxp("dxp"));
        HubPlayer hub(testing::draughts_hub("hub"));
        ASSERT_TRUE(dxp.start());
        ASSERT_TRUE(hub.start());
        const std::vector<pid_t> pids{dxp.pid(), hub.pid()};
        // The DXP engine plays White in the first game and Black in the second.
        Player& white = game == 0 ? static_cast<Player&>(dxp) : static_cast<Player&>(hub);
        Player& black = game == 0 ? static_cast<Player&>(hub) : static_cast<Player&>(dxp);
        expect_same_as_in_process(setup, white, black, pids);
    }
    EXPECT_EQ(testing::open_fd_count(), fds_before);
}

TEST(DxpEngineGame, TwoDxpEnginesPlayTheInProcessGameAtFixedNodes) {
    const GameSetup setup = testing::fixed_nodes_setup(testing::kEngineGameOpenings[1]);
    DxpPlayer white(draughts_dxp("dxp-white"));
    DxpPlayerOptions black_options = draughts_dxp("dxp-black");
    // The second engine listens and the harness connects to it.
    black_options.link.mode = DxpConnectMode::Connect;
    black_options.link.process.argv = {testing::draughts_binary().string(),
                                       "dxp",
                                       "--listen",
                                       "{port}",
                                       "--nodes",
                                       testing::kFixedNodes};
    DxpPlayer black(std::move(black_options));
    ASSERT_TRUE(white.start());
    ASSERT_TRUE(black.start());
    expect_same_as_in_process(setup, white, black, {white.pid(), black.pid()});
    EXPECT_EQ(white.follower_name(), "draughts");
}

}  // namespace
}  // namespace draughts::harness
