// The published test vectors of fishtest, OpenBench and cutechess
// (../shared/reference/statistics.md), restated here so that they run without the shared folder;
// stats_spec_test.cpp reads the same tables from the specification itself.

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "stats/estimate.hpp"
#include "stats/sprt.hpp"

namespace draughts::harness {
namespace {

/// The specification's tolerance: 0.01 absolute or 1% relative, whichever is larger.
::testing::AssertionResult within_tolerance(double actual, double expected) {
    const double allowed = std::max(0.01, 0.01 * std::abs(expected));
    if (std::abs(actual - expected) <= allowed) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "got " << actual << ", expected " << expected << " +- " << allowed;
}

struct LlrVector {
    SprtParameters parameters;
    std::vector<std::int64_t> counts;  // W, L, D or the five pair bins LL..WW
    double expected_llr;
};

SprtParameters params(SprtModel model, double elo0, double elo1, double alpha = 0.05,
                      double beta = 0.05) {
    return {elo0, elo1, alpha, beta, model};
}

constexpr SprtModel kNorm = SprtModel::Normalized;
constexpr SprtModel kLog = SprtModel::Logistic;
constexpr SprtModel kBayes = SprtModel::BayesElo;

const std::vector<LlrVector> kLlrVectors = {
    {params(kNorm, 0, 2), {36433, 36027, 68692}, 0.92},
    {params(kNorm, -1.75, 0.25), {10871, 10650, 20431}, 2.30},
    {params(kNorm, 0, 10), {4250, 0, 0}, 120.56},
    {params(kLog, 0.5, 2.5), {21404, 21184, 40708}, -1.57},
    {params(kLog, 0, 2), {57433, 57030, 106593}, -2.59},
    {params(kNorm, 0, 2), {365, 16618, 36229, 16974, 390}, 2.25},
    {params(kNorm, -1.75, 0.25), {127, 4883, 10712, 5150, 104}, 3.01},
    {params(kNorm, 0, 5), {0, 0, 0, 0, 5550}, 111.82},
    {params(kLog, 0.5, 2.5), {223, 9863, 21279, 10037, 246}, -3.07},
    {params(kLog, 0, 2), {871, 26175, 55983, 26678, 821}, -4.98},
    {params(kBayes, 0, 10, 0.01, 0.01), {1477, 1351, 2942}, 2.52},
    {params(kBayes, 0, 10, 0.01, 0.01), {555, 555, 298}, -0.74},
    {params(kBayes, 0, 10, 0.01, 0.01), {3, 149, 1}, -4.69},
};

class LlrVectorTest : public ::testing::TestWithParam<LlrVector> {};

TEST_P(LlrVectorTest, MatchesPublishedLlr) {
    const LlrVector& v = GetParam();
    const auto sprt = Sprt::create(v.parameters);
    ASSERT_TRUE(sprt) << sprt.error().message;
    Expected<SprtStatus> status = make_error("unset");
    if (v.counts.size() == 3) {
        status = sprt->evaluate(Trinomial{v.counts[0], v.counts[2], v.counts[1]});
    } else {
        status = sprt->evaluate(Pentanomial::from_bins(
            {v.counts[0], v.counts[1], v.counts[2], v.counts[3], v.counts[4]}));
    }
    ASSERT_TRUE(status) << status.error().message;
    EXPECT_TRUE(within_tolerance(status->llr, v.expected_llr));
}

INSTANTIATE_TEST_SUITE_P(Published, LlrVectorTest, ::testing::ValuesIn(kLlrVectors));

TEST(SprtBounds, MatchPublishedValues) {
    const auto symmetric = Sprt::create(params(kNorm, 0, 2, 0.05, 0.05));
    ASSERT_TRUE(symmetric);
    EXPECT_NEAR(symmetric->bounds().lower, -2.944439, 1e-6);
    EXPECT_NEAR(symmetric->bounds().upper, 2.944439, 1e-6);
    const auto asymmetric = Sprt::create(params(kNorm, 0, 2, 0.05, 0.10));
    ASSERT_TRUE(asymmetric);
    EXPECT_NEAR(asymmetric->bounds().lower, -2.251292, 1e-6);
    EXPECT_NEAR(asymmetric->bounds().upper, 2.890372, 1e-6);
}

TEST(Estimate, TrinomialLosingSample) {
    const Estimate e = estimate(Trinomial{76, 123, 89});
    EXPECT_TRUE(within_tolerance(e.nelo, -20.76));
    EXPECT_TRUE(within_tolerance(e.nelo_error, 40.13));
    EXPECT_TRUE(within_tolerance(100 * e.los, 15.53));
    EXPECT_TRUE(within_tolerance(e.score, 0.477));
}

TEST(Estimate, TrinomialWinningSample) {
    const Estimate e = estimate(Trinomial{136, 111, 96});
    EXPECT_TRUE(within_tolerance(e.elo, 40.70));
    EXPECT_TRUE(within_tolerance(e.elo_error, 30.43));
    EXPECT_TRUE(within_tolerance(e.nelo, 49.77));
    EXPECT_TRUE(within_tolerance(e.nelo_error, 36.77));
    EXPECT_TRUE(within_tolerance(100 * e.los, 99.60));
}

TEST(Estimate, PentanomialWinningSample) {
    const Estimate e = estimate(Pentanomial{34, 54, 31, 32, 64, 75, 0});
    EXPECT_TRUE(within_tolerance(e.elo, 55.58));
    EXPECT_TRUE(within_tolerance(e.elo_error, 27.65));
    EXPECT_TRUE(within_tolerance(e.nelo, 57.94));
    EXPECT_TRUE(within_tolerance(e.nelo_error, 28.28));
}

TEST(Estimate, PentanomialLosingSample) {
    const Estimate e = estimate(Pentanomial{332, 433, 457, 41, 333, 334, 0});
    EXPECT_TRUE(within_tolerance(e.elo, -8.64));
    EXPECT_TRUE(within_tolerance(e.elo_error, 10.33));
    EXPECT_TRUE(within_tolerance(e.nelo, -9.17));
    EXPECT_TRUE(within_tolerance(e.nelo_error, 10.96));
    EXPECT_TRUE(within_tolerance(100 * e.los, 5.05));
}

}  // namespace
}  // namespace draughts::harness
