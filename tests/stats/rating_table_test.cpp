// The multi-engine rating table: simulated round robins with known true ratings (portable
// generator, fixed seeds), agreement with the two-engine statistics, anchoring, merging, errors.

#include "stats/rating_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/portable_random.hpp"
#include "stats/elo_math.hpp"
#include "stats/estimate.hpp"
#include "stats/site_rating.hpp"

namespace draughts::harness {
namespace {

const std::vector<std::string> kNames{"alpha", "beta", "gamma", "delta"};
const std::vector<double> kTrueElo{120.0, 40.0, -30.0, -130.0};  // average 0

/// A game whose expected score is exactly score_from_elo(difference), with up to 35% draws.
GameOutcome simulate_game(PortableRandom& rng, double difference) {
    const double expected = score_from_elo(difference);
    const double draw = std::min({0.35, expected, 1.0 - expected});
    const double win = expected - draw / 2.0;
    const double u = rng.uniform();
    return u < win ? GameOutcome::Win : u < win + draw ? GameOutcome::Draw : GameOutcome::Loss;
}

/// A round robin of `games_per_pair` games between every two engines, colours alternating.
std::vector<PlayedGame> round_robin(std::uint64_t seed, int games_per_pair,
                                    const std::vector<double>& true_elo = kTrueElo) {
    PortableRandom rng(seed);
    std::vector<PlayedGame> games;
    for (int round = 0; round < games_per_pair; ++round)
        for (std::size_t i = 0; i < true_elo.size(); ++i)
            for (std::size_t j = i + 1; j < true_elo.size(); ++j) {
                const std::size_t first = round % 2 == 0 ? i : j;
                const std::size_t second = round % 2 == 0 ? j : i;
                games.push_back(
                    {first, second, simulate_game(rng, true_elo[first] - true_elo[second])});
            }
    return games;
}

TEST(RatingTable, RoundRobinRecoversTrueRatingsWithinErrorBars) {
    const auto games = round_robin(20240611, 600);
    const auto table = compute_ratings(results_of(kNames, games));
    ASSERT_TRUE(table) << table.error().message;
    for (std::size_t e = 0; e < kNames.size(); ++e) {
        const RatingEntry& entry = table->entries[e];
        EXPECT_EQ(entry.name, kNames[e]);
        EXPECT_EQ(entry.games.games(), 3 * 600);
        EXPECT_LE(std::abs(entry.elo - kTrueElo[e]), entry.error)
            << entry.name << " " << entry.elo << " +- " << entry.error;
        EXPECT_GT(entry.error, 5.0);
        EXPECT_LT(entry.error, 30.0);
    }
    double sum = 0;
    for (const RatingEntry& entry : table->entries) sum += entry.elo;
    EXPECT_NEAR(sum, 0.0, 1e-6);
}

TEST(RatingTable, AnchoredRatingsRecoverTrueDifferences) {
    const auto games = round_robin(777, 600);
    const auto table = compute_ratings(results_of(kNames, games), {"alpha", 120.0});
    ASSERT_TRUE(table) << table.error().message;
    EXPECT_DOUBLE_EQ(table->entries[0].elo, 120.0);
    EXPECT_DOUBLE_EQ(table->entries[0].error, 0.0);
    for (std::size_t e = 1; e < kNames.size(); ++e) {
        const RatingEntry& entry = table->entries[e];
        EXPECT_LE(std::abs(entry.elo - kTrueElo[e]), entry.error) << entry.name;
        EXPECT_NEAR(entry.error, table->difference_error(e, 0), 1e-9);
    }
}

TEST(RatingTable, ErrorBarsCoverTheTrueRatings95PercentOfTheTime) {
    int inside = 0;
    int total = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        const auto table = compute_ratings(results_of(kNames, round_robin(seed, 100)));
        ASSERT_TRUE(table);
        for (std::size_t e = 0; e < kNames.size(); ++e) {
            const RatingEntry& entry = table->entries[e];
            inside += std::abs(entry.elo - kTrueElo[e]) <= entry.error ? 1 : 0;
            ++total;
        }
    }
    const double coverage = static_cast<double>(inside) / total;
    EXPECT_GT(coverage, 0.92);
    EXPECT_LT(coverage, 0.98);
}

TEST(RatingTable, TwoEnginesAgreeWithPairStatistics) {
    PairwiseResults results({"new", "old"});
    const Trinomial counts{136, 111, 96};
    results.add(0, 1, counts);
    const auto table = compute_ratings(results, {"old", 0.0});
    ASSERT_TRUE(table);
    const Estimate pair = estimate(counts);
    EXPECT_NEAR(table->entries[0].elo, pair.elo, 1e-6);
    // The table's error is the delta-method width; the pair's comes from the score interval's
    // ends. They agree to first order.
    EXPECT_NEAR(table->entries[0].error, pair.elo_error, 0.02 * pair.elo_error);
}

TEST(RatingTable, PerfectScoresStayFinite) {
    std::vector<PlayedGame> games;
    for (int i = 0; i < 20; ++i) {
        games.push_back({0, 1, GameOutcome::Win});
        games.push_back({0, 2, GameOutcome::Win});
        games.push_back({1, 2, i % 2 == 0 ? GameOutcome::Win : GameOutcome::Draw});
    }
    const auto table = compute_ratings(results_of({"a", "b", "c"}, games));
    ASSERT_TRUE(table) << table.error().message;
    for (const RatingEntry& entry : table->entries) {
        EXPECT_TRUE(std::isfinite(entry.elo));
        EXPECT_TRUE(std::isfinite(entry.error));
    }
    EXPECT_GT(table->entries[0].elo, table->entries[1].elo);
    EXPECT_GT(table->entries[1].elo, table->entries[2].elo);
}

TEST(RatingTable, MergedShardsGiveTheSameTableAsTheWholeRun) {
    const auto games = round_robin(4242, 200);
    const std::span<const PlayedGame> all(games);
    PairwiseResults merged = results_of(kNames, all.first(500));
    // The second shard lists the engines in another order; merging matches them by name.
    const std::vector<std::string> reordered{"delta", "gamma", "beta", "alpha"};
    std::vector<PlayedGame> renamed;
    for (const PlayedGame& g : all.subspan(500))
        renamed.push_back({3 - g.first, 3 - g.second, g.outcome});
    merged.merge(results_of(reordered, renamed));
    const auto a = compute_ratings(merged);
    const auto b = compute_ratings(results_of(kNames, games));
    ASSERT_TRUE(a && b);
    for (std::size_t e = 0; e < kNames.size(); ++e) {
        EXPECT_EQ(a->entries[e].games, b->entries[e].games);
        EXPECT_DOUBLE_EQ(a->entries[e].elo, b->entries[e].elo);
        EXPECT_DOUBLE_EQ(a->entries[e].error, b->entries[e].error);
    }
}

TEST(RatingTable, MergeAppendsNewEngines) {
    PairwiseResults a({"x", "y"});
    a.add(0, 1, Trinomial{3, 2, 1});
    PairwiseResults b({"y", "z"});
    b.add(0, 1, Trinomial{1, 1, 1});
    a.merge(b);
    ASSERT_EQ(a.size(), 3u);
    EXPECT_EQ(a.names()[2], "z");
    EXPECT_EQ(a.between(1, 2), (Trinomial{1, 1, 1}));
    EXPECT_EQ(a.between(2, 1), (Trinomial{1, 1, 1}));
    EXPECT_EQ(a.between(1, 0), (Trinomial{1, 2, 3}));
}

TEST(RatingTable, DisconnectedEnginesAreAnError) {
    PairwiseResults results({"a", "b", "c", "d"});
    results.add(0, 1, Trinomial{5, 5, 5});
    results.add(2, 3, Trinomial{5, 5, 5});
    const auto table = compute_ratings(results);
    ASSERT_FALSE(table);
    EXPECT_NE(table.error().message.find("not linked"), std::string::npos);
}

TEST(RatingTable, UnknownAnchorIsAnError) {
    PairwiseResults results({"a", "b"});
    results.add(0, 1, Trinomial{5, 5, 5});
    const auto table = compute_ratings(results, {"zeta", 0.0});
    ASSERT_FALSE(table);
    EXPECT_NE(table.error().message.find("zeta"), std::string::npos);
}

TEST(RatingTable, SingleEngineSitsAtTheAnchor) {
    const auto table = compute_ratings(PairwiseResults({"solo"}), {std::nullopt, 1500.0});
    ASSERT_TRUE(table);
    EXPECT_DOUBLE_EQ(table->entries[0].elo, 1500.0);
    EXPECT_DOUBLE_EQ(table->entries[0].error, 0.0);
}

TEST(RatingTable, SiteRatingsFollowTheGameSequence) {
    const auto games = round_robin(5, 50);
    auto table = compute_ratings(results_of(kNames, games));
    ASSERT_TRUE(table);
    add_site_ratings(*table, games);
    const std::vector<int> expected = site_ratings_of(kNames.size(), games);
    int sum = 0;
    for (std::size_t e = 0; e < kNames.size(); ++e) {
        ASSERT_TRUE(table->entries[e].site_rating.has_value());
        EXPECT_EQ(*table->entries[e].site_rating, expected[e]);
        sum += expected[e];
    }
    EXPECT_EQ(sum, 4 * kSiteStartRating);
    EXPECT_GT(*table->entries[0].site_rating, *table->entries[3].site_rating);
}

}  // namespace
}  // namespace draughts::harness
