// Scales and axis ticks of the report's charts.

#include "report/scale.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace draughts::report {
namespace {

TEST(LinearScale, MapsTheDomainOntoTheRangeEvenWhenReversed) {
    const LinearScale x(0.0, 10.0, 100.0, 300.0);
    EXPECT_DOUBLE_EQ(x(0.0), 100.0);
    EXPECT_DOUBLE_EQ(x(5.0), 200.0);
    EXPECT_DOUBLE_EQ(x(10.0), 300.0);
    const LinearScale y(-1.0, 1.0, 250.0, 50.0);  // SVG's y grows downwards
    EXPECT_DOUBLE_EQ(y(-1.0), 250.0);
    EXPECT_DOUBLE_EQ(y(1.0), 50.0);
    EXPECT_DOUBLE_EQ(y(0.5), 100.0);
}

TEST(LinearScale, AnEmptyDomainMapsToTheMiddleOfTheRange) {
    const LinearScale x(3.0, 3.0, 0.0, 100.0);
    EXPECT_DOUBLE_EQ(x(3.0), 50.0);
    EXPECT_DOUBLE_EQ(x(7.0), 50.0);
}

TEST(NiceTicks, CoverTheDataAtStepsOfOneTwoOrFive) {
    struct Case {
        double lo, hi;
        std::vector<double> ticks;
        double step;
    };
    const std::vector<Case> cases{
        {0.0, 1.0, {0.0, 0.2, 0.4, 0.6, 0.8, 1.0}, 0.2},
        {0.0, 97.0, {0.0, 20.0, 40.0, 60.0, 80.0, 100.0}, 20.0},
        {-3.2, 7.9, {-5.0, 0.0, 5.0, 10.0}, 5.0},
        {7.9, -3.2, {-5.0, 0.0, 5.0, 10.0}, 5.0},  // either order
        {0.13, 0.171, {0.13, 0.14, 0.15, 0.16, 0.17, 0.18}, 0.01},
        {1.0, 300.0, {0.0, 100.0, 200.0, 300.0}, 100.0},
    };
    for (const Case& c : cases) {
        const Ticks t = nice_ticks(c.lo, c.hi, 6);
        ASSERT_EQ(t.values.size(), c.ticks.size()) << c.lo << ".." << c.hi;
        EXPECT_DOUBLE_EQ(t.step, c.step) << c.lo << ".." << c.hi;
        for (std::size_t i = 0; i < t.values.size(); ++i)
            EXPECT_NEAR(t.values[i], c.ticks[i], 1e-9) << c.lo << ".." << c.hi << " tick " << i;
    }
}

TEST(NiceTicks, ASingleValueOrNoDataStillGivesAnAxis) {
    const Ticks one = nice_ticks(5.0, 5.0);
    EXPECT_LT(one.values.front(), 5.0);
    EXPECT_GT(one.values.back(), 5.0);
    const Ticks nan = nice_ticks(std::nan(""), 1.0);
    EXPECT_GE(nan.values.size(), 2U);
    EXPECT_LE(nan.values.front(), 0.0);
    EXPECT_GE(nan.values.back(), 0.0);
    const Ticks inf = nice_ticks(0.0, std::numeric_limits<double>::infinity());
    EXPECT_GE(inf.values.size(), 2U);
}

TEST(NiceTicks, ZeroIsExactlyZero) {
    for (const double v : nice_ticks(-0.3, 0.3).values) {
        if (std::abs(v) < 1e-6) {
            EXPECT_FALSE(std::signbit(v));
        }
    }
}

TEST(TickLabel, ShowsTheDecimalsTheStepNeedsAndNoNegativeZero) {
    EXPECT_EQ(tick_label(0.4, 0.2), "0.4");
    EXPECT_EQ(tick_label(0.15, 0.05), "0.15");
    EXPECT_EQ(tick_label(100.0, 20.0), "100");
    EXPECT_EQ(tick_label(-2.5, 0.5), "-2.5");
    EXPECT_EQ(tick_label(-0.0001, 0.1), "0.0");
    EXPECT_EQ(tick_label(-1e-12, 1.0), "0");
}

}  // namespace
}  // namespace draughts::report
