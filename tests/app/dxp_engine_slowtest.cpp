// `draughts dxp` behind DxpPlayer under a real clock: the engine keeps its own clock from the
// thinking time in the game request (DXP has no clock messages), and that lets it play a
// one-minute game against `draughts hub` without losing on time on the referee's clock. Slow:
// about a minute of real play.

#include <gtest/gtest.h>

#include "common/time_source.hpp"
#include "harness/dxp/dxp_player.hpp"
#include "harness/game/game_runner.hpp"
#include "harness/hub/hub_player.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

TEST(DxpEngineClock, AOneMinuteGameAgainstAHubEngineHasNoTimeLoss) {
    GameSetup setup;
    const auto tc = parse_time_control("60");
    ASSERT_TRUE(tc);
    setup.set_time_control(*tc);
    setup.time_margin = 0.1;
    setup.adjudication.max_moves = 20;
    DxpPlayerOptions dxp_options;
    dxp_options.name = "dxp";
    dxp_options.link.process.argv = {testing::draughts_binary().string(), "dxp", "--connect",
                                     "127.0.0.1:{port}"};
    dxp_options.link.process.stderr_sink = stderr_sink::Inherit{};
    DxpPlayer dxp(std::move(dxp_options));
    HubPlayerOptions hub_options;
    hub_options.name = "hub";
    hub_options.client.process.argv = {testing::draughts_binary().string(), "hub"};
    HubPlayer hub(std::move(hub_options));
    ASSERT_TRUE(dxp.start());
    ASSERT_TRUE(hub.start());
    SteadyTimeSource time;
    const auto record = play_game(setup, dxp, hub, time);
    dxp.quit();
    hub.quit();
    ASSERT_TRUE(record) << record.error().message;
    EXPECT_NE(category_of(record->end.termination), TerminationCategory::Forfeit)
        << record->end.text;
    // The engine really used its clock (it is not a node-limited player in disguise).
    EXPECT_GT(record->stats[0].time_used, 5.0);
    EXPECT_LT(record->stats[0].time_used, 60.0);
}

}  // namespace
}  // namespace draughts::harness
