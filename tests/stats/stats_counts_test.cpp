// Count types: adding games and pairs, merging by addition, parsing counts from text.

#include <gtest/gtest.h>

#include "stats/counts.hpp"
#include "stats/counts_text.hpp"

namespace draughts::harness {
namespace {

using O = GameOutcome;

TEST(Trinomial, AddsOutcomesAndPoints) {
    Trinomial t;
    for (const O o : {O::Win, O::Win, O::Draw, O::Loss}) t.add(o);
    EXPECT_EQ(t, (Trinomial{2, 1, 1}));
    EXPECT_EQ(t.games(), 4);
    EXPECT_DOUBLE_EQ(t.points(), 2.5);
    EXPECT_EQ(t.flipped(), (Trinomial{1, 1, 2}));
}

TEST(Trinomial, MergingAddsEveryCount) {
    EXPECT_EQ((Trinomial{1, 2, 3} + Trinomial{10, 20, 30}), (Trinomial{11, 22, 33}));
}

struct PairCase {
    O first;
    O second;
    Pentanomial expected;
};

class PentanomialAdd : public ::testing::TestWithParam<PairCase> {};

TEST_P(PentanomialAdd, CountsThePairInItsBin) {
    Pentanomial p;
    p.add(GetParam().first, GetParam().second);
    EXPECT_EQ(p, GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(AllOutcomes, PentanomialAdd,
                         ::testing::Values(PairCase{O::Loss, O::Loss, {1, 0, 0, 0, 0, 0, 0}},
                                           PairCase{O::Loss, O::Draw, {0, 1, 0, 0, 0, 0, 0}},
                                           PairCase{O::Draw, O::Loss, {0, 1, 0, 0, 0, 0, 0}},
                                           PairCase{O::Win, O::Loss, {0, 0, 1, 0, 0, 0, 0}},
                                           PairCase{O::Loss, O::Win, {0, 0, 1, 0, 0, 0, 0}},
                                           PairCase{O::Draw, O::Draw, {0, 0, 0, 1, 0, 0, 0}},
                                           PairCase{O::Win, O::Draw, {0, 0, 0, 0, 1, 0, 0}},
                                           PairCase{O::Draw, O::Win, {0, 0, 0, 0, 1, 0, 0}},
                                           PairCase{O::Win, O::Win, {0, 0, 0, 0, 0, 1, 0}}));

TEST(Pentanomial, BinsMergeWlAndDd) {
    const Pentanomial p{1, 2, 3, 4, 5, 6, 0};
    EXPECT_EQ(p.bins(), (std::array<std::int64_t, 5>{1, 2, 7, 5, 6}));
    EXPECT_EQ(p.pairs(), 21);
}

TEST(Pentanomial, GamesFollowFromSplitPairs) {
    const Pentanomial p{1, 2, 3, 4, 5, 6, 0};
    // W = WL + WD + 2 WW, D = LD + 2 DD + WD, L = 2 LL + LD + WL.
    EXPECT_EQ(p.games(), (Trinomial{20, 15, 7}));
    EXPECT_EQ(p.games()->games(), 2 * p.pairs());
}

TEST(Pentanomial, GamesUnknownWhenEvenPairsAreUnsplit) {
    EXPECT_FALSE(Pentanomial::from_bins({1, 2, 3, 4, 5}).games().has_value());
}

TEST(Pentanomial, FlippedMirrorsTheBins) {
    EXPECT_EQ((Pentanomial{1, 2, 3, 4, 5, 6, 7}.flipped()), (Pentanomial{6, 5, 3, 4, 2, 1, 7}));
}

TEST(MatchCounts, MergingAddsGamesAndPairs) {
    MatchCounts a{{1, 2, 3}, {1, 0, 0, 1, 0, 0, 0}, true};
    const MatchCounts b{{4, 5, 6}, {0, 1, 1, 0, 0, 1, 0}, true};
    a += b;
    EXPECT_EQ(a.games, (Trinomial{5, 7, 9}));
    EXPECT_EQ(a.pairs, (Pentanomial{1, 1, 1, 1, 0, 1, 0}));
    EXPECT_TRUE(a.paired);
}

TEST(ParseCounts, ReadsWdl) {
    const auto t = parse_wdl("136, 111,96");
    ASSERT_TRUE(t) << t.error().message;
    EXPECT_EQ(*t, (Trinomial{136, 111, 96}));
}

TEST(ParseCounts, ReadsFiveAndSixPairBins) {
    const auto five = parse_pentanomial("34,54,63,64,75");
    ASSERT_TRUE(five);
    EXPECT_EQ(five->bins(), (std::array<std::int64_t, 5>{34, 54, 63, 64, 75}));
    const auto six = parse_pentanomial("34,54,31,32,64,75");
    ASSERT_TRUE(six);
    EXPECT_EQ(*six, (Pentanomial{34, 54, 31, 32, 64, 75, 0}));
}

class BadCounts : public ::testing::TestWithParam<const char*> {};

TEST_P(BadCounts, AreRejectedWithAMessage) {
    const auto t = parse_wdl(GetParam());
    ASSERT_FALSE(t);
    EXPECT_NE(t.error().message.find(GetParam()), std::string::npos) << t.error().message;
}

INSTANTIATE_TEST_SUITE_P(Malformed, BadCounts,
                         ::testing::Values("", "1,2", "1,2,3,4", "1,-2,3", "1,x,3", "1,,3",
                                           "1.5,2,3", "99999999999999999999,1,1",
                                           "2000000000000000,1,1"));

}  // namespace
}  // namespace draughts::harness
