// Time management with simulated clocks: the engine's time source is a counter that advances on
// every reading, like a slow machine, so whole games run in a fraction of a second of real time
// without sleeping, and the clock arithmetic is checked exactly.

#include "engine/time_manager.hpp"

#include <gtest/gtest.h>

#include "engine/engine.hpp"
#include "rules/movegen.hpp"
#include "tests/support/test_positions.hpp"

namespace draughts::engine {
namespace {

TEST(PlanTime, NoLimitsMeansUnlimited) {
    EXPECT_FALSE(plan_time(SearchLimits{}).limited());
    SearchLimits infinite;
    infinite.infinite = true;
    infinite.time_left = 1.0;
    EXPECT_FALSE(plan_time(infinite).limited());
}

TEST(PlanTime, MoveTimeIsRespected) {
    SearchLimits limits;
    limits.move_time = 2.0;
    const TimeBudget b = plan_time(limits);
    EXPECT_LE(b.hard, 2.0);
    EXPECT_GT(b.hard, 1.9);
    EXPECT_LE(b.soft, b.hard);
}

TEST(PlanTime, ClockBudgetsStayWithinTheClock) {
    for (const double left : {0.0, 0.001, 0.02, 0.1, 1.0, 60.0, 5400.0}) {
        for (const double inc : {0.0, 0.01, 1.0}) {
            for (const int moves : {0, 1, 2, 40}) {
                SearchLimits limits;
                limits.time_left = left;
                limits.increment = inc;
                limits.moves_to_go = moves;
                const TimeBudget b = plan_time(limits);
                EXPECT_LE(b.soft, b.hard);
                EXPECT_GE(b.hard, 0.0);
                EXPECT_LE(b.hard, left - std::min(kClockReserve, 0.25 * left) + 1e-12)
                    << left << " " << inc << " " << moves;
            }
        }
    }
}

TEST(PlanTime, OverheadIsKeptOffEveryMove) {
    SearchLimits limits;
    limits.time_left = 1.0;
    limits.increment = 0.01;
    const TimeBudget without = plan_time(limits);
    limits.move_overhead = 0.02;
    const TimeBudget with = plan_time(limits);
    EXPECT_NEAR(with.soft, without.soft - TimeParameters{}.soft_factor * 0.02, 1e-9);
    limits.time_left = 0.05;  // low on time: nothing left beyond the overhead
    EXPECT_EQ(plan_time(limits).hard, 0.0);
    SearchLimits fixed;
    fixed.move_time = 0.1;
    fixed.move_overhead = 0.03;
    EXPECT_LE(plan_time(fixed).hard, 0.07);
}

TEST(PlanTime, ExpectedMovesLeftFallWithThePiecesAndStayAboveAFloor) {
    EXPECT_NEAR(expected_moves_left(kInitialPieces), 55.0, 1.0);
    EXPECT_NEAR(expected_moves_left(20), 32.0, 1.0);
    EXPECT_EQ(expected_moves_left(2), 12.0);
    for (int pieces = 1; pieces < kInitialPieces; ++pieces)
        EXPECT_LE(expected_moves_left(pieces), expected_moves_left(pieces + 1));
}

TEST(PlanTime, ASuddenDeathGameOfUsualLengthUsesMostOfTheClock) {
    // 70 moves of one side with 60 s and no increment, the pieces falling from 40 to 6; every
    // move takes the plan's optimum (the soft limit is 0.6 of it). The old plan, a fixed 60
    // moves to go, left about 30 % of the clock unused at the end of such a game.
    double left = 60.0;
    for (int move = 0; move < 70; ++move) {
        SearchLimits limits;
        limits.time_left = left;
        const int pieces = kInitialPieces - (move * 34) / 70;
        const TimeBudget b = plan_time(limits, pieces);
        left -= b.soft / 0.6;
        ASSERT_GT(left, 0.0) << "move " << move;
    }
    EXPECT_LT(left, 0.2 * 60.0);
    EXPECT_GT(left, 0.02 * 60.0);  // and the clock lasts through a longer ending
}

TEST(SoftLimitScale, GrowsWithInstabilityAndScoreDropsAndStaysBounded) {
    const SearchSignals calm;
    EXPECT_EQ(soft_limit_scale(calm), 0.75);  // two replies by default
    SearchSignals many = calm;
    many.legal_moves = 10;
    EXPECT_EQ(soft_limit_scale(many), 1.0);
    SearchSignals unstable = many;
    unstable.best_move_changes = 1.5;
    EXPECT_GT(soft_limit_scale(unstable), 1.5);
    SearchSignals dropped = many;
    dropped.score_drop = kScorePerMan / 2;
    EXPECT_GT(soft_limit_scale(dropped), 1.2);
    SearchSignals rose = many;
    rose.score_drop = -kScorePerMan;
    EXPECT_LT(soft_limit_scale(rose), 1.0);
    SearchSignals extreme = unstable;
    extreme.best_move_changes = 100.0;
    extreme.score_drop = 100 * kScorePerMan;
    EXPECT_EQ(soft_limit_scale(extreme), 2.5);
}

/// An engine reading `clock`, a simulated clock that moves on at every reading.
EngineOptions simulated_engine(const FakeTimeSource& clock) {
    EngineOptions options;
    options.hash_mb = 4;
    options.time_source = &clock;
    return options;
}

struct ClockRun {
    double lowest = 1e9;  ///< least time left after any move
    int moves = 0;
};

/// Plays `moves` moves on one side's clock: positions come from random games, the engine
/// searches each with the clock's time left, the simulated time spent is deducted, then
/// `increment` is added and, every `period` moves, `period_time`.
ClockRun play_on_clock(double start, double increment, int moves_per_period, double period_time,
                       int moves, double step) {
    const FakeTimeSource clock(0.0, step);
    Engine engine(simulated_engine(clock));
    const auto positions = test::random_game_positions(40, 60, 17);
    ClockRun run;
    double left = start;
    std::size_t next = 0;
    for (int m = 0; m < moves; ++m) {
        rules::Position p = positions[next++ % positions.size()];
        while (count_moves(p) == 0) p = positions[next++ % positions.size()];
        SearchLimits limits;
        limits.time_left = left;
        limits.increment = increment;
        if (moves_per_period > 0) limits.moves_to_go = moves_per_period - m % moves_per_period;
        const double before = clock.peek();
        engine.search(p, {}, limits);
        left -= clock.peek() - before;
        run.lowest = std::min(run.lowest, left);
        if (left <= 0.0) return run;  // flagged
        left += increment;
        if (moves_per_period > 0 && (m + 1) % moves_per_period == 0) left += period_time;
        ++run.moves;
    }
    return run;
}

TEST(TimeManagement, FischerNeverFlagsInAThousandMoves) {
    // 1 s + 0.01 s; each clock reading costs 1 ms, as if 1024 nodes took that long.
    const ClockRun run = play_on_clock(1.0, 0.01, 0, 0.0, 1000, 0.001);
    EXPECT_EQ(run.moves, 1000);
    EXPECT_GT(run.lowest, 0.0);
}

TEST(TimeManagement, MovesPerPeriodNeverFlags) {
    // 20 moves in 2 s, repeating; 5 ms per clock reading.
    const ClockRun run = play_on_clock(2.0, 0.0, 20, 2.0, 100, 0.005);
    EXPECT_EQ(run.moves, 100);
    EXPECT_GT(run.lowest, 0.0);
}

TEST(TimeManagement, SuddenDeathNeverFlags) {
    // 10 s for a long game of 150 moves; 5 ms per clock reading.
    const ClockRun run = play_on_clock(10.0, 0.0, 0, 0.0, 150, 0.005);
    EXPECT_EQ(run.moves, 150);
    EXPECT_GT(run.lowest, 0.0);
}

TEST(TimeManagement, SpendsWhatThePlanSaysOnTheFirstMove) {
    // With a long clock the first move takes the plan's time: at least its soft limit at the
    // smallest scale (an iteration is only stopped after it ends past the scaled soft limit) and
    // at most its hard limit, plus one clock reading. (Until issue 35 the bound was 0.2 to 18 s of
    // a 60 s clock, which no change of the plan could break.) The plan itself is pinned: 0.492 s
    // soft (60 s over about 55 moves left, times soft_factor 0.45) and 4.07 s hard for 60 s and
    // 40 pieces with the default parameters; a change of the time manager's defaults must change
    // these figures deliberately, with its SPRT.
    const FakeTimeSource clock(0.0, 0.005);
    Engine engine(simulated_engine(clock));
    SearchLimits limits;
    limits.time_left = 60.0;
    const TimeBudget plan = plan_time(limits, kInitialPieces);
    ASSERT_TRUE(plan.limited());
    EXPECT_NEAR(plan.soft, 0.4925, 0.001);
    EXPECT_NEAR(plan.hard, 4.071, 0.002);
    const double before = clock.peek();
    engine.search(rules::Position::initial(), {}, limits);
    const double spent = clock.peek() - before;
    EXPECT_GE(spent, std::min(plan.hard, plan.soft * TimeParameters{}.scale_min)) << spent;
    EXPECT_LE(spent, plan.hard + 0.005 + 1e-9) << spent;
    EXPECT_LT(plan.hard, 60.0 * 0.1) << "one move never takes a tenth of the clock";
}

TEST(TimeManagement, FixedMoveTimeIsKept) {
    const FakeTimeSource clock(0.0, 0.0005);
    Engine engine(simulated_engine(clock));
    SearchLimits limits;
    limits.move_time = 0.3;
    const double before = clock.peek();
    engine.search(rules::Position::initial(), {}, limits);
    const double spent = clock.peek() - before;
    EXPECT_LE(spent, 0.3 + 0.002);
    EXPECT_GT(spent, 0.1);
}

}  // namespace
}  // namespace draughts::engine
