#include "egdb/slice_index.hpp"

#include <gtest/gtest.h>

#include "common/portable_random.hpp"
#include "egdb/combinations.hpp"
#include "rules/fen.hpp"

namespace draughts::egdb {
namespace {

TEST(Combinations, RankAndUnrankAreInverseForEverySetOfUpToThreeOfFifty) {
    for (int k = 0; k <= 3; ++k) {
        for (std::uint64_t rank = 0; rank < binomial(50, k); ++rank) {
            std::array<int, kMaxSetSize> places{};
            unrank_set(rank, k, places.data());
            const auto at = [&](int i) { return places[static_cast<std::size_t>(i)]; };
            for (int i = 1; i < k; ++i) ASSERT_LT(at(i - 1), at(i));
            if (k > 0) {
                ASSERT_LT(at(k - 1), 50);
            }
            ASSERT_EQ(rank_set(places.data(), k), rank);
        }
    }
}

TEST(Combinations, BinomialsMatchKnownValues) {
    EXPECT_EQ(binomial(50, 5), 2'118'760u);
    EXPECT_EQ(binomial(45, 3), 14'190u);
    EXPECT_EQ(binomial(4, 5), 0u);
}

TEST(Material, NamesParseAndCanonicalForms) {
    const auto m = Material::parse("KKMvK");
    ASSERT_TRUE(m);
    EXPECT_EQ(*m, (Material{1, 2, 0, 1}));
    EXPECT_EQ(m->name(), "KKMvK");
    EXPECT_TRUE(m->is_canonical());
    EXPECT_FALSE(m->flipped().is_canonical());
    EXPECT_EQ(m->flipped().name(), "KvKKM");
    EXPECT_EQ(m->flipped().canonical(), *m);
    EXPECT_FALSE(Material::parse("MKvK"));  // kings come first
    EXPECT_FALSE(Material::parse("KK"));
    EXPECT_FALSE(Material::parse("vK"));
}

TEST(Material, CountingRuleFollowsTheRulesCore) {
    const auto rule = [](const char* name) { return Material::parse(name)->rule(); };
    EXPECT_EQ(rule("KKKvK"), rules::EndgameRule::SixteenMoves);  // [FMJD 6.3]
    EXPECT_EQ(rule("KMMvK"), rules::EndgameRule::SixteenMoves);
    EXPECT_EQ(rule("KKvK"), rules::EndgameRule::FiveMoves);  // [6.4]
    EXPECT_EQ(rule("KvK"), rules::EndgameRule::FiveMoves);
    EXPECT_EQ(rule("MMMvK"), rules::EndgameRule::None);  // three men: no counted ending
    EXPECT_EQ(rule("KKvKK"), rules::EndgameRule::None);
    EXPECT_EQ(rule("KKKKvK"), rules::EndgameRule::None);
}

TEST(Material, BuildOrderPutsEverySliceAfterThoseItsMovesReach) {
    const auto order = materials_up_to(5);
    // 3 slices of 2 pieces, 6 of 3, 14 of 4, 22 of 5 (the colour-reversed ones are not stored).
    EXPECT_EQ(order.size(), 45u);
    for (std::size_t i = 1; i < order.size(); ++i) {
        const auto key = [](const Material& m) { return std::pair(m.pieces(), m.men()); };
        EXPECT_LE(key(order[i - 1]), key(order[i]));
        EXPECT_TRUE(order[i].is_canonical());
    }
}

/// Positions of the slice, by index; each must give its index back.
void expect_round_trip(const char* name, std::uint64_t expected_positions) {
    const SliceIndex index(*Material::parse(name));
    std::uint64_t positions = 0;
    for (std::uint64_t i = 0; i < index.size(); ++i) {
        const auto p = index.position(i);
        if (!p) continue;
        ++positions;
        ASSERT_EQ(index.index(*p), i) << name << " " << rules::to_fen(*p);
        ASSERT_EQ(Material::of(*p), index.material());
    }
    EXPECT_EQ(positions, expected_positions) << name;
}

TEST(SliceIndex, EveryIndexOfSmallSlicesRoundTrips) {
    // Counts: kings on the free squares, men on their 45 squares without sharing one, two sides.
    expect_round_trip("KvK", 50u * 49 * 2);
    expect_round_trip("KvM", 45u * 49 * 2);
    expect_round_trip("MvM", (45u * 45 - 40) * 2);
    expect_round_trip("KKvK", 1225u * 48 * 2);
    expect_round_trip("KMvM", 2u * 48 * (45u * 45 - 40));
}

TEST(SliceIndex, RandomFivePiecePositionsRoundTrip) {
    PortableRandom random(7);
    for (const Material& m : materials_up_to(5)) {
        if (m.pieces() < 5) continue;
        const SliceIndex index(m);
        for (int n = 0; n < 200; ++n) {
            const std::uint64_t i = random.below(index.size());
            const auto p = index.position(i);
            if (!p) continue;
            ASSERT_EQ(index.index(*p), i) << m.name() << " " << rules::to_fen(*p);
        }
    }
}

TEST(SliceIndex, KingMovesStayInTheirBlockAndManMovesAdvanceOne) {
    const SliceIndex index(*Material::parse("KMvKM"));
    const auto p = *rules::parse_fen("W:WK28,33:BK19,12");
    const auto block = index.index(p) / index.block_size();
    const auto king_moved = *rules::parse_fen("B:WK39,33:BK19,12");
    EXPECT_EQ(index.index(king_moved) / index.block_size(), block);
    const BlockMen men{p.men(rules::Color::White), p.men(rules::Color::Black)};
    const BlockMen advanced{rules::square_bit(29), p.men(rules::Color::Black)};
    EXPECT_EQ(men_advancement(advanced), men_advancement(men) + 1);
}

}  // namespace
}  // namespace draughts::egdb
