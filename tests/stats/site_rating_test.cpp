// The incremental site rating of ../shared/reference/rules.md ("Rating").

#include "stats/site_rating.hpp"

#include <gtest/gtest.h>

namespace draughts::harness {
namespace {

TEST(SiteRating, WinBetweenEqualPlayersGivesTen) {
    EXPECT_EQ(site_rating_change(1500, 1500, 1.0), 10);
    EXPECT_EQ(site_rating_change(1500, 1500, 0.0), -10);
    EXPECT_EQ(site_rating_change(1500, 1500, 0.5), 0);
}

TEST(SiteRating, ChangeIsRoundedToNearest) {
    // expected = 1 / (10^(20/400) + 1) = 0.47125; 20 (1 - 0.47125) = 10.575 -> 11.
    EXPECT_EQ(site_rating_change(1490, 1510, 1.0), 11);
    // 20 (0 - 0.52875) = -10.575 -> -11.
    EXPECT_EQ(site_rating_change(1510, 1490, 0.0), -11);
    // Against a player 400 higher: expected 1/11; a draw gives round(20 (0.5 - 0.0909)) = 8.
    EXPECT_EQ(site_rating_change(1500, 1900, 0.5), 8);
}

TEST(SiteRating, PlayersStartAt1500AndUpdateInOrder) {
    const std::vector<PlayedGame> games{
        {0, 1, GameOutcome::Win}, {1, 0, GameOutcome::Win}, {0, 2, GameOutcome::Draw}};
    // After game 1: 1510 / 1490. Game 2: B gains 11, A loses 11 -> 1499 / 1501.
    // Game 3: A (1499) draws C (1500): round(20 (0.5 - 0.49856)) = 0.
    EXPECT_EQ(site_ratings_of(3, games), (std::vector<int>{1499, 1501, 1500}));
}

TEST(SiteRating, TotalIsConservedBecauseChangesAreSymmetric) {
    SiteRatings ratings(3);
    const GameOutcome outcomes[] = {GameOutcome::Win, GameOutcome::Draw, GameOutcome::Loss};
    for (int i = 0; i < 300; ++i) {
        const auto a = static_cast<std::size_t>(i % 3);
        ratings.record({a, (a + 1) % 3, outcomes[(i * 7) % 3]});
    }
    const auto& r = ratings.ratings();
    EXPECT_EQ(r[0] + r[1] + r[2], 3 * kSiteStartRating);
}

}  // namespace
}  // namespace draughts::harness
