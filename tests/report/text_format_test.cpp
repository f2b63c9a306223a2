// How the report writes figures.

#include "report/text_format.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace draughts::report {
namespace {

TEST(TextFormat, EloWithItsIntervalAndNoNegativeZero) {
    EXPECT_EQ(elo_text(12.34, 4.56), "+12.3 ± 4.6");
    EXPECT_EQ(elo_text(-0.01, 144.0), "+0.0 ± 144.0");
    EXPECT_EQ(elo_text(-380.9, std::numeric_limits<double>::infinity()), "-380.9 ± ∞");
    EXPECT_EQ(elo_text(std::numeric_limits<double>::infinity(), 0.0), "+∞");
}

TEST(TextFormat, PercentCountsAndSeconds) {
    EXPECT_EQ(percent_text(0.4567), "45.7 %");
    EXPECT_EQ(percent_text(std::nan("")), "n/a");
    EXPECT_EQ(count_text(1234567), "1,234,567");
    EXPECT_EQ(count_text(-1000), "-1,000");
    EXPECT_EQ(count_text(999), "999");
    EXPECT_EQ(seconds_text(1.234), "1.23 s");
    EXPECT_EQ(seconds_text(0.035), "35 ms");
    EXPECT_EQ(seconds_text(0.00017), "0.17 ms");
}

}  // namespace
}  // namespace draughts::report
