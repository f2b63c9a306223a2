// `draughts hub` as a child process under a real clock: the time it is sent (`level time= inc=`)
// lets it finish its games without losing on time. Slow: a few seconds of real play.

#include <gtest/gtest.h>

#include "common/time_source.hpp"
#include "harness/game/game_runner.hpp"
#include "harness/hub/hub_player.hpp"
#include "tests/app/engine_games.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

TEST(HubEngineClock, GamesAtOneSecondPlusIncrementHaveNoTimeLoss) {
    GameSetup setup;
    const auto tc = parse_time_control("1+0.01");
    ASSERT_TRUE(tc);
    setup.set_time_control(*tc);
    setup.time_margin = 0.1;
    setup.adjudication.max_moves = 80;
    HubPlayer first(testing::draughts_hub("first"));
    HubPlayer second(testing::draughts_hub("second"));
    ASSERT_TRUE(first.start());
    ASSERT_TRUE(second.start());
    SteadyTimeSource time;
    for (int game = 0; game < 4; ++game) {
        HubPlayer& white = game % 2 == 0 ? first : second;
        HubPlayer& black = game % 2 == 0 ? second : first;
        const auto record = play_game(setup, white, black, time);
        ASSERT_TRUE(record) << record.error().message;
        EXPECT_NE(category_of(record->end.termination), TerminationCategory::Forfeit)
            << record->end.text;
        for (const auto& side : record->stats) EXPECT_LE(side.time_used, 1.0 + 0.01 * 80 + 0.1);
    }
    EXPECT_EQ(first.restarts() + second.restarts(), 0);
}

}  // namespace
}  // namespace draughts::harness
