// Brent's method on functions with known roots, including ones with poles at the bracket's ends
// like the secular equations of the SPRT.

#include <gtest/gtest.h>

#include <cmath>

#include "stats/generalized_llr.hpp"
#include "stats/root_finding.hpp"

namespace draughts::harness {
namespace {

TEST(BrentRoot, FindsRootOfPolynomial) {
    const auto root = brent_root([](double x) { return x * x * x - 2 * x - 5; }, 2, 3);
    ASSERT_TRUE(root);
    EXPECT_NEAR(*root, 2.0945514815423265, 1e-11);
}

TEST(BrentRoot, FindsRootOfTranscendentalFunction) {
    const auto root = brent_root([](double x) { return std::cos(x) - x; }, 0, 1);
    ASSERT_TRUE(root);
    EXPECT_NEAR(*root, 0.7390851332151607, 1e-11);
}

TEST(BrentRoot, HandlesSteepFunctionNearPole) {
    // 1/(x - 1) + 1/x has its root at 1/2 and poles at 0 and 1.
    const auto root = brent_root([](double x) { return 1 / (x - 1) + 1 / x; }, 1e-9, 1 - 1e-9);
    ASSERT_TRUE(root);
    EXPECT_NEAR(*root, 0.5, 1e-11);
}

TEST(BrentRoot, AcceptsRootAtBracketEnd) {
    const auto root = brent_root([](double x) { return x - 1; }, 1, 2);
    ASSERT_TRUE(root);
    EXPECT_EQ(*root, 1.0);
}

TEST(BrentRoot, RejectsBracketWithoutSignChange) {
    EXPECT_FALSE(brent_root([](double x) { return x * x + 1; }, -1, 1));
}

TEST(BrentRoot, RejectsNonFiniteEnds) {
    EXPECT_FALSE(brent_root([](double x) { return 1 / x; }, 0, 1));
}

TEST(SecularEquation, SolutionZeroesTheSum) {
    const std::vector<double> p{0.2, 0.5, 0.3};
    const std::vector<double> x{-0.6, -0.1, 0.4};
    const auto t = solve_secular(p, x);
    ASSERT_TRUE(t);
    double sum = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        EXPECT_GT(1 + *t * x[i], 0.0);
        sum += p[i] * x[i] / (1 + *t * x[i]);
    }
    EXPECT_NEAR(sum, 0.0, 1e-12);
}

TEST(SecularEquation, NeedsValuesOfBothSigns) {
    const std::vector<double> p{0.5, 0.5};
    const std::vector<double> x{0.1, 0.4};
    EXPECT_FALSE(solve_secular(p, x));
}

}  // namespace
}  // namespace draughts::harness
