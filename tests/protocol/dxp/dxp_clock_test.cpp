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

TEST(DxpClock, EveryMoveIsChargedTheMoveOverheadOnTopOfItsTime) {
    // 60 s for the game, 20 ms of overhead: the search plans with it, and the clock is charged
    // it, so that this clock runs ahead of a peer's that also counts the transport.
    DxpClock clock(thinking(1, 0), std::nullopt, std::nullopt, 0.02);
    EXPECT_EQ(clock.limits().move_overhead, 0.02);
    for (int move = 0; move < 100; ++move) clock.charge(0.5);
    EXPECT_NEAR(*clock.time_left(), 60.0 - 100 * 0.52, 1e-9);
}

TEST(DxpClock, TheOverheadDoesNotMakeAMoveOverstepItsPeriod) {
    // The period's last move used 59.99 s of 60 by this side's own measurement: with the
    // overhead charged the clock is below zero, yet the move completed the period.
    DxpClock clock(thinking(1, 1), std::nullopt, std::nullopt, 0.02);
    clock.charge(59.99);
    EXPECT_NEAR(*clock.time_left(), 60.0 - 0.01, 1e-9);
    EXPECT_EQ(clock.limits().moves_to_go, 1);
}

}  // namespace
}  // namespace draughts::protocol
