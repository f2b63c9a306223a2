// The SPSA arithmetic against the formulas of fishtest and OpenBench (docs/spsa.md): the gains
// from c_end and r_end, the perturbation (flips, probabilistic rounding, clipping) and the update.

#include "spsa/spsa_schedule.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace draughts::spsa {
namespace {

SpsaSchedule two_parameters(int iterations = 1000, double a = 100.0) {
    return SpsaSchedule({{"x", true, 60, 0, 100, 4, 0.002}, {"y", false, 0.5, -1, 1, 0.05, 0.002}},
                        iterations, a, 0.602, 0.101, 7);
}

TEST(SpsaSchedule, GainsFollowFishtestsFormulas) {
    const SpsaSchedule s = two_parameters();
    const double n = 1000;
    // c = c_end N^gamma, a = r_end c_end^2 (A + N)^alpha; c_k = c / k^gamma,
    // a_k = a / (A + k)^alpha, R_k = a_k / c_k^2.
    for (const int k : {1, 2, 10, 500, 1000}) {
        const double c = 0.05 * std::pow(n, 0.101) / std::pow(k, 0.101);
        const double a = 0.002 * 0.05 * 0.05 * std::pow(100 + n, 0.602) / std::pow(100 + k, 0.602);
        EXPECT_NEAR(s.c_k(1, k), c, 1e-12) << k;
        EXPECT_NEAR(s.a_k(1, k), a, 1e-15) << k;
        EXPECT_NEAR(s.r_k(1, k), a / (c * c), 1e-12) << k;
    }
    // At the last iteration the perturbation is c_end and the learning rate r_end.
    EXPECT_NEAR(s.c_k(0, 1000), 4.0, 1e-12);
    EXPECT_NEAR(s.r_k(0, 1000), 0.002, 1e-15);
    EXPECT_NEAR(s.r_k(1, 1000), 0.002, 1e-15);
}

TEST(SpsaSchedule, IntegerPerturbationsStayAtLeastHalf) {
    // c_end 0.2 would give c_k < 0.5 near the end: OpenBench keeps integers' c_k at 0.5.
    const SpsaSchedule s({{"x", true, 5, 0, 10, 0.2, 0.01}, {"y", false, 5, 0, 10, 0.2, 0.01}}, 100,
                         10, 0.602, 0.101, 1);
    EXPECT_EQ(s.c_k(0, 100), 0.5);
    EXPECT_NEAR(s.c_k(1, 100), 0.2, 1e-12);
}

TEST(SpsaSchedule, PerturbationsRoundIntegersAndStayInBounds) {
    const SpsaSchedule s = two_parameters();
    int positive = 0;
    for (int k = 1; k <= 400; ++k) {
        const Perturbation p = s.perturb(k, {60.3, 0.98});
        ASSERT_EQ(p.flips.size(), 2u);
        for (std::size_t i = 0; i < 2; ++i) ASSERT_TRUE(p.flips[i] == 1 || p.flips[i] == -1);
        positive += p.flips[0] == 1;
        // Integers: floor(theta +- c + u) with one u, so the sides differ by about 2 c_k.
        EXPECT_EQ(p.plus[0], std::floor(p.plus[0]));
        EXPECT_EQ(p.minus[0], std::floor(p.minus[0]));
        const double gap = (p.plus[0] - p.minus[0]) * p.flips[0];
        EXPECT_GE(gap, std::floor(2 * s.c_k(0, k)));
        EXPECT_LE(gap, std::ceil(2 * s.c_k(0, k)));
        // y: theta + c_k flip, clipped at its max of 1.
        EXPECT_DOUBLE_EQ(p.plus[1], std::min(1.0, 0.98 + s.c_k(1, k) * p.flips[1]));
        EXPECT_LE(p.plus[1], 1.0);
        EXPECT_LE(p.minus[1], 1.0);
    }
    EXPECT_GT(positive, 150);  // fair flips
    EXPECT_LT(positive, 250);
}

TEST(SpsaSchedule, PerturbationsDependOnTheSeedAndIterationOnly) {
    const SpsaSchedule s = two_parameters();
    EXPECT_EQ(s.perturb(17, {50, 0}).flips, s.perturb(17, {50, 0}).flips);
    EXPECT_EQ(s.perturb(17, {50, 0}).flips, s.perturb(17, {20, 0.7}).flips);
    bool differs = false;
    for (int k = 1; k < 20; ++k)
        differs |= s.perturb(k, {50, 0}).flips != s.perturb(k + 1, {50, 0}).flips;
    EXPECT_TRUE(differs);
}

TEST(SpsaSchedule, TheUpdateMovesTowardTheWinnerByRkCkTimesTheScore) {
    const SpsaSchedule s = two_parameters();
    const int k = 3;
    const std::vector<double> theta{60, 0};
    const Perturbation p = s.perturb(k, theta);
    const std::vector<double> next = s.update(k, theta, 5, 2);
    for (std::size_t i = 0; i < 2; ++i)
        EXPECT_NEAR(next[i], theta[i] + s.r_k(i, k) * s.c_k(i, k) * 3 * p.flips[i], 1e-12);
    // A draw leaves theta; a huge loss is clipped at the bounds.
    EXPECT_EQ(s.update(k, theta, 4, 4), theta);
    const std::vector<double> clipped = s.update(k, theta, 0, 1'000'000);
    EXPECT_TRUE(clipped[0] == 0 || clipped[0] == 100);
}

TEST(SpsaSchedule, ValuesAreEngineParameterText) {
    const SpsaSchedule s = two_parameters();
    const auto values = s.values({61.0, -0.25});
    ASSERT_EQ(values.size(), 2u);
    EXPECT_EQ(values[0], (std::pair<std::string, std::string>{"x", "61"}));
    EXPECT_EQ(values[1], (std::pair<std::string, std::string>{"y", "-0.25"}));
    EXPECT_EQ(s.rounded({60.5, 0.123}), (std::vector<double>{61.0, 0.123}));
}

}  // namespace
}  // namespace draughts::spsa
