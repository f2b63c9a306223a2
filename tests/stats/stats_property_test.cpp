// Properties every correct implementation has: the LLR grows with wins at a fixed number of
// games, shards combine only through their counts, and symmetric results mean equal strength.
// (That merged results folders report what the whole run reports is checked on real folders in
// tests/harness/tournament/merge_property_test.cpp.)

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "common/portable_random.hpp"
#include "stats/estimate.hpp"
#include "stats/sprt.hpp"

namespace draughts::harness {
namespace {

const SprtModel kModels[] = {SprtModel::Normalized, SprtModel::Logistic, SprtModel::BayesElo};

double llr(const Sprt& sprt, const Trinomial& t) {
    const auto status = sprt.evaluate(t);
    EXPECT_TRUE(status) << status.error().message;
    return status ? status->llr : 0.0;
}

class LlrMonotone : public ::testing::TestWithParam<SprtModel> {};

TEST_P(LlrMonotone, IncreasesWhenALossBecomesAWin) {
    const auto sprt = Sprt::create({-3, 3, 0.05, 0.05, GetParam()});
    ASSERT_TRUE(sprt);
    for (const std::int64_t draws : {0, 1, 150, 600}) {
        const std::int64_t decisive = 600;
        double previous = -1e300;
        for (std::int64_t wins = 0; wins <= decisive; ++wins) {
            const double value = llr(*sprt, Trinomial{wins, draws, decisive - wins});
            ASSERT_GT(value, previous) << "wins " << wins << " draws " << draws;
            previous = value;
        }
    }
}

TEST_P(LlrMonotone, IncreasesWhenADrawBecomesAWin) {
    const auto sprt = Sprt::create({0, 5, 0.05, 0.05, GetParam()});
    ASSERT_TRUE(sprt);
    double previous = -1e300;
    for (std::int64_t wins = 0; wins <= 500; ++wins) {
        const double value = llr(*sprt, Trinomial{wins, 500 - wins, 200});
        ASSERT_GT(value, previous) << "wins " << wins;
        previous = value;
    }
}

INSTANTIATE_TEST_SUITE_P(Models, LlrMonotone, ::testing::ValuesIn(kModels),
                         [](const auto& test) { return std::string(to_string(test.param)); });

TEST(LlrMonotonePairs, IncreasesWhenAPairMovesUpABin) {
    // Bins are never emptied here: emptying one swaps its last count for the 1e-3 regularisation,
    // which in a sample of only LL or LD pairs (LLR saturated far below the H0 bound) can move
    // the LLR by 1e-5 either way; the trinomial walks above do cross that boundary.
    for (const SprtModel model : {SprtModel::Normalized, SprtModel::Logistic}) {
        const auto sprt = Sprt::create({0, 5, 0.05, 0.05, model});
        ASSERT_TRUE(sprt);
        for (std::size_t from = 0; from < 4; ++from) {
            std::array<std::int64_t, 5> bins{10, 10, 10, 10, 10};
            bins[from] += 300;
            double previous = sprt->evaluate(Pentanomial::from_bins(bins))->llr;
            for (int step = 0; step < 300; ++step) {
                --bins[from];
                ++bins[from + 1];
                const double value = sprt->evaluate(Pentanomial::from_bins(bins))->llr;
                ASSERT_GT(value, previous) << to_string(model) << " bin " << from;
                previous = value;
            }
        }
    }
}

/// A run of game pairs simulated with the portable generator.
std::vector<std::pair<GameOutcome, GameOutcome>> simulated_pairs(std::uint64_t seed, int pairs) {
    PortableRandom rng(seed);
    const auto outcome = [&rng] {
        const double u = rng.uniform();
        return u < 0.35 ? GameOutcome::Win : u < 0.7 ? GameOutcome::Draw : GameOutcome::Loss;
    };
    std::vector<std::pair<GameOutcome, GameOutcome>> run;
    for (int i = 0; i < pairs; ++i) run.emplace_back(outcome(), outcome());
    return run;
}

MatchCounts count(const std::vector<std::pair<GameOutcome, GameOutcome>>& run, std::size_t from,
                  std::size_t to) {
    MatchCounts counts;
    counts.paired = true;
    for (std::size_t i = from; i < to; ++i) {
        counts.games.add(run[i].first);
        counts.games.add(run[i].second);
        counts.pairs.add(run[i].first, run[i].second);
    }
    return counts;
}

TEST(MergeProperty, LlrOfMergedCountsIsNotTheSumOrMeanOfShardLlrs) {
    // The shards' LLRs do not combine; only their counts do.
    const auto run = simulated_pairs(99, 600);
    const auto sprt = Sprt::create({0, 5, 0.05, 0.05, SprtModel::Normalized});
    const double first = sprt->evaluate(count(run, 0, 300))->llr;
    const double second = sprt->evaluate(count(run, 300, 600))->llr;
    const double whole = sprt->evaluate(count(run, 0, 600))->llr;
    EXPECT_GT(std::abs(whole - (first + second)), 1e-6);
    EXPECT_GT(std::abs(whole - (first + second) / 2), 1e-6);
}

TEST(SymmetryProperty, EqualWinsAndLossesGiveEloZeroAndLos50) {
    for (const Trinomial t : {Trinomial{0, 0, 0}, Trinomial{10, 0, 10}, Trinomial{37, 120, 37},
                              Trinomial{1000, 3, 1000}}) {
        const Estimate e = estimate(t);
        EXPECT_NEAR(e.elo, 0.0, 1e-9);
        EXPECT_NEAR(e.nelo, 0.0, 1e-9);
        EXPECT_NEAR(e.los, 0.5, 1e-12);
        EXPECT_NEAR(e.mean, 0.5, 1e-12);
        if (t.games() > 0) {
            EXPECT_NEAR(e.score, 0.5, 1e-12);
        } else {
            EXPECT_TRUE(std::isnan(e.score)) << "no games, no score";
        }
    }
}

TEST(SymmetryProperty, MirroredPairsGiveEloZeroAndLos50) {
    for (const Pentanomial p :
         {Pentanomial{5, 20, 30, 10, 20, 5, 0}, Pentanomial{0, 7, 0, 0, 7, 0, 0}}) {
        const Estimate e = estimate(p);
        EXPECT_NEAR(e.elo, 0.0, 1e-9);
        EXPECT_NEAR(e.nelo, 0.0, 1e-9);
        EXPECT_NEAR(e.los, 0.5, 1e-12);
    }
}

TEST(SymmetryProperty, SymmetricResultsGiveZeroLlrForSymmetricBounds) {
    for (const SprtModel model : kModels) {
        const auto sprt = Sprt::create({-4, 4, 0.05, 0.05, model});
        EXPECT_NEAR(sprt->evaluate(Trinomial{300, 400, 300})->llr, 0.0, 1e-9) << to_string(model);
    }
    const auto sprt = Sprt::create({-4, 4, 0.05, 0.05, SprtModel::Normalized});
    EXPECT_NEAR(sprt->evaluate(Pentanomial{20, 100, 150, 80, 100, 20, 0})->llr, 0.0, 1e-9);
}

TEST(SymmetryProperty, SwappingEnginesNegatesEloAndComplementsLos) {
    const Trinomial t{136, 111, 96};
    const Estimate a = estimate(t);
    const Estimate b = estimate(t.flipped());
    EXPECT_NEAR(a.elo, -b.elo, 1e-9);
    EXPECT_NEAR(a.nelo, -b.nelo, 1e-9);
    EXPECT_NEAR(a.los, 1 - b.los, 1e-12);
    EXPECT_NEAR(a.elo_error, b.elo_error, 1e-9);
}

}  // namespace
}  // namespace draughts::harness
