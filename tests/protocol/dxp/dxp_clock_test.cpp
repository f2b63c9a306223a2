// The engine's own clock in a DXP game: from R's thinking time and moves, or fixed limits.

#include "protocol/dxp/dxp_clock.hpp"

#include <gtest/gtest.h>

namespace draughts::protocol {
namespace {

DxpGameRequest thinking(int minutes, int moves) {
    DxpGameRequest request;
    request.thinking_minutes = minutes;
    request.moves = moves;
    return request;
}

TEST(DxpClock, FixedNodesOrDepthReplaceTheClock) {
    const DxpClock clock(thinking(5, 0), 1000, 7);
    const engine::SearchLimits limits = clock.limits();
    EXPECT_EQ(limits.nodes, 1000u);
    EXPECT_EQ(limits.depth, 7);
    EXPECT_FALSE(limits.time_left);
    EXPECT_FALSE(limits.move_time);
    EXPECT_FALSE(clock.time_left());
}

TEST(DxpClock, WithoutThinkingTimeEveryMoveGetsASecond) {
    const DxpClock clock(thinking(0, 0), std::nullopt, std::nullopt);
    EXPECT_EQ(clock.limits().move_time, DxpClock::kFallbackMoveSeconds);
    EXPECT_FALSE(clock.limits().time_left);
}

TEST(DxpClock, TheWholeGameInTheThinkingTime) {
    DxpClock clock(thinking(2, 0), std::nullopt, std::nullopt);
    EXPECT_EQ(clock.limits().time_left, 120.0);
    EXPECT_EQ(clock.limits().moves_to_go, 0);
    clock.charge(20.0);
    EXPECT_EQ(clock.time_left(), 100.0);
    EXPECT_EQ(clock.limits().time_left, 100.0);
}

TEST(DxpClock, EachPeriodOfMovesGetsTheThinkingTimeAgain) {
    DxpClock clock(thinking(1, 2), std::nullopt, std::nullopt);
    EXPECT_EQ(clock.limits().moves_to_go, 2);
    clock.charge(10.0);
    EXPECT_EQ(clock.limits().moves_to_go, 1);
    clock.charge(10.0);  // the period's last move: 40 s left, plus 60 for the next period
    EXPECT_EQ(clock.time_left(), 100.0);
    EXPECT_EQ(clock.limits().moves_to_go, 2);
}

TEST(DxpClock, AMovePastTheEndOfTheClockCompletesNoPeriod) {
    DxpClock clock(thinking(1, 2), std::nullopt, std::nullopt);
    clock.charge(70.0);
    EXPECT_EQ(clock.time_left(), -10.0);
    EXPECT_EQ(clock.limits().time_left, 0.0);  // the search is never given negative time
    EXPECT_EQ(clock.limits().moves_to_go, 2);
}

}  // namespace
}  // namespace draughts::protocol
