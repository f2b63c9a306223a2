// Edge cases of the statistics: no games, a single result category, only draws, invalid SPRT
// settings, and bounds too extreme for a model.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "stats/estimate.hpp"
#include "stats/sprt.hpp"

namespace draughts::harness {
namespace {

const SprtModel kEveryModel[] = {SprtModel::Normalized, SprtModel::Logistic, SprtModel::BayesElo};

Sprt make_sprt(SprtModel model, double elo0 = 0, double elo1 = 5) {
    auto sprt = Sprt::create({elo0, elo1, 0.05, 0.05, model});
    EXPECT_TRUE(sprt);
    return *sprt;
}

TEST(StatsEdge, NoGamesGiveZeroLlrForEveryModel) {
    for (const SprtModel model : kEveryModel) {
        const auto status = make_sprt(model).evaluate(Trinomial{});
        ASSERT_TRUE(status) << to_string(model);
        EXPECT_EQ(status->llr, 0.0) << to_string(model);
        EXPECT_EQ(status->decision, SprtDecision::Continue);
    }
    for (const SprtModel model : {SprtModel::Normalized, SprtModel::Logistic}) {
        const auto status = make_sprt(model).evaluate(Pentanomial{});
        ASSERT_TRUE(status);
        EXPECT_EQ(status->llr, 0.0);
    }
}

TEST(StatsEdge, NoGamesGiveNeutralEstimateWithUnboundedError) {
    const Estimate e = estimate(Trinomial{});
    EXPECT_EQ(e.samples, 0);
    EXPECT_DOUBLE_EQ(e.elo, 0.0);
    EXPECT_DOUBLE_EQ(e.los, 0.5);
    EXPECT_TRUE(std::isinf(e.elo_error));
    EXPECT_TRUE(std::isinf(e.nelo_error));
    EXPECT_TRUE(std::isnan(e.draw_ratio));
    EXPECT_TRUE(std::isnan(e.score)) << "no games, no points per game";
    EXPECT_EQ(elo_text(e, 1), "n/a");
    EXPECT_EQ(nelo_text(e, 1), "n/a");
}

struct OneCategory {
    const char* name;
    Trinomial games;
    int extreme;  ///< +1 all wins, -1 all losses, 0 all draws
};

class StatsOneCategory : public ::testing::TestWithParam<OneCategory> {};

TEST_P(StatsOneCategory, GivesFiniteLlrAndBoundedOrFiniteEstimates) {
    const Trinomial t = GetParam().games;
    for (const SprtModel model : kEveryModel) {
        const auto status = make_sprt(model).evaluate(t);
        ASSERT_TRUE(status) << to_string(model);
        EXPECT_TRUE(std::isfinite(status->llr)) << to_string(model);
    }
    const Estimate e = estimate(t);
    EXPECT_TRUE(std::isfinite(e.los));
    if (GetParam().extreme == 0) {
        EXPECT_TRUE(std::isfinite(e.elo));
        EXPECT_TRUE(std::isfinite(e.nelo));
        EXPECT_TRUE(std::isfinite(e.nelo_error));
        return;
    }
    // All wins (losses): Elo is unbounded above (below) and bounded on the other side by the
    // exact binomial bound: n wins in n games have probability 2.5 % at the bound's score.
    const int sign = GetParam().extreme;
    EXPECT_EQ(e.elo, sign * std::numeric_limits<double>::infinity());
    const double bound = sign > 0 ? e.elo_lower : e.elo_upper;
    ASSERT_TRUE(std::isfinite(bound));
    EXPECT_TRUE(std::isinf(sign > 0 ? e.elo_upper : e.elo_lower));
    const double bound_score = 1.0 / (1.0 + std::pow(10.0, -bound / 400.0));
    const double extreme_chance = sign > 0 ? bound_score : 1.0 - bound_score;
    EXPECT_NEAR(std::pow(extreme_chance, static_cast<double>(t.games())), 0.025, 1e-9);
    EXPECT_TRUE(std::isnan(e.nelo)) << "no spread to normalise by";
    EXPECT_EQ(nelo_text(e, 1), "n/a");
}

INSTANTIATE_TEST_SUITE_P(Categories, StatsOneCategory,
                         ::testing::Values(OneCategory{"wins", {100, 0, 0}, 1},
                                           OneCategory{"draws", {0, 100, 0}, 0},
                                           OneCategory{"losses", {0, 0, 100}, -1},
                                           OneCategory{"one_win", {1, 0, 0}, 1}),
                         [](const auto& test) { return std::string(test.param.name); });

TEST(StatsEdge, OnlyDrawsGiveEloZeroWithFiniteErrors) {
    const Estimate e = estimate(Trinomial{0, 500, 0});
    EXPECT_NEAR(e.elo, 0.0, 1e-9);
    EXPECT_NEAR(e.nelo, 0.0, 1e-9);
    EXPECT_NEAR(e.los, 0.5, 1e-9);
    EXPECT_TRUE(std::isfinite(e.elo_error));
    EXPECT_TRUE(std::isfinite(e.nelo_error));
    EXPECT_DOUBLE_EQ(e.draw_ratio, 1.0);
}

TEST(StatsEdge, OnlyDrawnPairsGiveFiniteLlr) {
    for (const SprtModel model : {SprtModel::Normalized, SprtModel::Logistic}) {
        const auto status = make_sprt(model).evaluate(Pentanomial{0, 0, 0, 300, 0, 0, 0});
        ASSERT_TRUE(status);
        EXPECT_TRUE(std::isfinite(status->llr));
    }
}

TEST(StatsEdge, AllWinsAcceptH1AndAllLossesAcceptH0) {
    for (const SprtModel model : kEveryModel) {
        EXPECT_EQ(make_sprt(model).evaluate(Trinomial{300, 0, 0})->decision,
                  SprtDecision::AcceptH1);
        EXPECT_EQ(make_sprt(model).evaluate(Trinomial{0, 0, 300})->decision,
                  SprtDecision::AcceptH0);
    }
}

struct BadParameters {
    const char* name;
    SprtParameters parameters;
    const char* message_part;
};

class SprtValidation : public ::testing::TestWithParam<BadParameters> {};

TEST_P(SprtValidation, RejectsWithClearMessage) {
    const auto sprt = Sprt::create(GetParam().parameters);
    ASSERT_FALSE(sprt);
    EXPECT_NE(sprt.error().message.find(GetParam().message_part), std::string::npos)
        << sprt.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Invalid, SprtValidation,
    ::testing::Values(BadParameters{"alpha_zero", {0, 5, 0.0, 0.05}, "alpha"},
                      BadParameters{"alpha_one", {0, 5, 1.0, 0.05}, "alpha"},
                      BadParameters{"beta_negative", {0, 5, 0.05, -0.1}, "beta"},
                      BadParameters{"sum_too_big", {0, 5, 0.6, 0.5}, "alpha + beta"},
                      BadParameters{"reversed", {5, 0, 0.05, 0.05}, "elo0 must be below"},
                      BadParameters{"equal", {2, 2, 0.05, 0.05}, "elo0 must be below"},
                      BadParameters{"huge", {0, 5000, 0.05, 0.05}, "within +-1000"},
                      BadParameters{"nan", {NAN, 5, 0.05, 0.05}, "finite"}),
    [](const auto& test) { return std::string(test.param.name); });

TEST(StatsEdge, BayeseloRejectsPairs) {
    const auto status = make_sprt(SprtModel::BayesElo).evaluate(Pentanomial{1, 2, 3, 4, 5, 6, 0});
    ASSERT_FALSE(status);
    EXPECT_NE(status.error().message.find("bayeselo"), std::string::npos);
}

TEST(StatsEdge, BayeseloUsesGamesOfPairedMatch) {
    const MatchCounts counts{{1477, 2942, 1351}, {10, 10, 10, 10, 10, 10, 0}, true};
    const auto sprt = Sprt::create({0, 10, 0.01, 0.01, SprtModel::BayesElo});
    const auto status = sprt->evaluate(counts);
    ASSERT_TRUE(status);
    EXPECT_EQ(status->kind, SampleKind::Trinomial);
    EXPECT_NEAR(status->llr, 2.52, 0.01);
}

TEST(StatsEdge, NormalizedBoundsTooExtremeAreAnErrorNotACrash) {
    // fishtest's fixed-point iteration has no solution for |t| near 1 (nElo ~ 340 per game).
    const auto status = make_sprt(SprtModel::Normalized, 0, 900).evaluate(Trinomial{50, 20, 30});
    ASSERT_FALSE(status);
    EXPECT_NE(status.error().message.find("too extreme"), std::string::npos);
}

TEST(StatsEdge, ParseSprtModelNames) {
    for (const SprtModel model : kEveryModel) EXPECT_EQ(parse_sprt_model(to_string(model)), model);
    EXPECT_FALSE(parse_sprt_model("gsprt"));
}

}  // namespace
}  // namespace draughts::harness
