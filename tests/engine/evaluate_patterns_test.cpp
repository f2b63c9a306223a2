// The pattern tables pinned on small positions: for every 4x4 region the entry it hits is
// worked out by hand below, independently of engine/evaluate.cpp, and the band tables' part of
// the trace is compared whole; so is the region tables' part where it is worked out too.
//
// A region (R, C), with R and C in 0, 2, 4, 6 its top row and left column, holds the eight dark
// squares of rows R..R+3 and columns C..C+3 as digits, in square-number order:
//   d0 = (R, C+1)    d1 = (R, C+3)    d2 = (R+1, C)    d3 = (R+1, C+2)
//   d4 = (R+2, C+1)  d5 = (R+2, C+3)  d6 = (R+3, C)    d7 = (R+3, C+2)
// Digit 0: empty, 1: own piece, 2: enemy piece; the entry is the sum of d_i * 3^i
// (3^0..3^7 = 1, 3, 9, 27, 81, 243, 729, 2187). Its table is band (6 - R) / 2: band 0 holds the
// regions of rows 6-9 (the own side), band 3 those of rows 0-3. White reads the board as it is;
// Black reads it turned round (square s as 51 - s, its pieces own, White's enemy). Square s is on
// row (s - 1) / 5 and column 2 * ((s - 1) % 5) + 1 (even rows) or 2 * ((s - 1) % 5) (odd rows).
// An entry's trace coefficient is 32 * (White's regions hitting it - Black's); empty regions hit
// entry 0. Region (R, C) also hits its own table, pattern_region(band * 4 + C / 2), at the same
// entry; Black numbers the regions of its turned board the same way. Each hit of a band's entry
// also hits the band's endgame table, pattern_endgame_band, weighted by kPhaseScale - phase.

#include <gtest/gtest.h>

#include "common/portable_random.hpp"
#include "engine/eval_geometry.hpp"
#include "engine/evaluate.hpp"
#include "rules/fen.hpp"
#include "tests/engine/trace_by_name.hpp"

namespace draughts::engine {
namespace {

using test::EntryHits;
using test::expected_entries;
using test::named_coefficients;

/// The trace's coefficients of the tables whose names start with `prefix`.
std::map<std::string, int> table_part(const char* fen, std::string_view prefix = "pattern_band") {
    const auto position = rules::parse_fen(fen);
    EXPECT_TRUE(position) << fen;
    auto all = named_coefficients(trace_evaluation(position ? *position : rules::Position{}), true);
    std::erase_if(all, [&](const auto& item) { return !item.first.starts_with(prefix); });
    return all;
}

TEST(EvaluatePatterns, OneManSeenByBothSides) {
    // White's man 28 is on (5, 4): in regions R in {2, 4}, C in {2, 4}.
    //   White (own, digit 1):  (2,2) band 2: (R+3, C+2) = d7 -> 2187
    //                          (2,4) band 2: (R+3, C)   = d6 -> 729
    //                          (4,2) band 1: (R+1, C+2) = d3 -> 27
    //                          (4,4) band 1: (R+1, C)   = d2 -> 9
    //   Black sees it on 51 - 28 = 23 = (4, 5) as an enemy (digit 2), same four regions:
    //                          (2,2) band 2: (R+2, C+3) = d5 -> 2 * 243 = 486
    //                          (2,4) band 2: (R+2, C+1) = d4 -> 2 * 81 = 162
    //                          (4,2) band 1: (R, C+3)   = d1 -> 2 * 3 = 6
    //                          (4,4) band 1: (R, C+1)   = d0 -> 2 * 1 = 2
    // The other twelve regions are empty for both sides (band 0: 4, band 1: 2, band 2: 2,
    // band 3: 4 each), so entry 0 cancels in every table.
    EXPECT_EQ(table_part("W:W28:B"), expected_entries({{2, 2187, 1},
                                                       {2, 729, 1},
                                                       {1, 27, 1},
                                                       {1, 9, 1},
                                                       {2, 486, -1},
                                                       {2, 162, -1},
                                                       {1, 6, -1},
                                                       {1, 2, -1}}));
}

TEST(EvaluatePatterns, BlackToMoveMirrorOfOneMan) {
    // Black's man 23 is White's 28 of the test above turned round: Black now reads what White
    // read there and White what Black read, so every net count changes sign.
    EXPECT_EQ(table_part("B:W:B23"), expected_entries({{2, 2187, -1},
                                                       {2, 729, -1},
                                                       {1, 27, -1},
                                                       {1, 9, -1},
                                                       {2, 486, 1},
                                                       {2, 162, 1},
                                                       {1, 6, 1},
                                                       {1, 2, 1}}));
}

TEST(EvaluatePatterns, EdgeRegionsOfTheOwnAndTheFarSide) {
    // White man 46 = (9, 0), Black man 4 = (0, 7).
    //   White: 46 own in (6,0) band 0: (R+3, C) = d6 -> 729.
    //          4 enemy in (0,4) band 3: (R, C+3) = d1 -> 2 * 3 = 6
    //                  and (0,6) band 3: (R, C+1) = d0 -> 2 * 1 = 2.
    //          Empty: band 0: 3, band 1: 4, band 2: 4, band 3: 2.
    //   Black: its 4 is own on 47 = (9, 2): (6,0) band 0: (R+3, C+2) = d7 -> 2187
    //                                        (6,2) band 0: (R+3, C)   = d6 -> 729.
    //          White's 46 is an enemy on 5 = (0, 9): (0,6) band 3: (R, C+3) = d1 -> 2 * 3 = 6.
    //          Empty: band 0: 2, band 1: 4, band 2: 4, band 3: 3.
    // Net: band 0: 729 1 - 1 = 0, 2187 -1, entry 0 3 - 2 = +1; band 3: 6 1 - 1 = 0, 2 +1,
    // entry 0 2 - 3 = -1; bands 1 and 2: entry 0 4 - 4 = 0.
    EXPECT_EQ(table_part("W:W46:B4"),
              expected_entries({{0, 2187, -1}, {0, 0, 1}, {3, 2, 1}, {3, 0, -1}}));
}

TEST(EvaluatePatterns, RegionTablesOfOneMan) {
    // The regions of OneManSeenByBothSides: (2,2) is region 9, (2,4) 10, (4,2) 5, (4,4) 6, for
    // White and for Black alike; the twelve empty regions are the same for both and cancel.
    EXPECT_EQ(table_part("W:W28:B", "pattern_region"), expected_entries({{9, 2187, 1},
                                                                         {10, 729, 1},
                                                                         {5, 27, 1},
                                                                         {6, 9, 1},
                                                                         {9, 486, -1},
                                                                         {10, 162, -1},
                                                                         {5, 6, -1},
                                                                         {6, 2, -1}},
                                                                        "pattern_region"));
}

TEST(EvaluatePatterns, RegionTablesOfTheEdges) {
    // The regions of EdgeRegionsOfTheOwnAndTheFarSide. White: (6,0) region 0 hits 729, (0,4)
    // region 14 hits 6, (0,6) region 15 hits 2, the rest entry 0. Black: (6,0) region 0 hits
    // 2187, (6,2) region 1 hits 729, (0,6) region 15 hits 6, the rest entry 0. Regions 1 and 14
    // are empty for one side only; no region table cancels as the shared band tables did.
    EXPECT_EQ(table_part("W:W46:B4", "pattern_region"), expected_entries({{0, 729, 1},
                                                                          {0, 2187, -1},
                                                                          {1, 0, 1},
                                                                          {1, 729, -1},
                                                                          {14, 6, 1},
                                                                          {14, 0, -1},
                                                                          {15, 2, 1},
                                                                          {15, 6, -1}},
                                                                         "pattern_region"));
}

TEST(EvaluatePatterns, OwnAndEnemyPiecesInOneRegionInEveryTable) {
    // White man 32 = (6, 3), Black man 23 = (4, 5).
    //   White: 32 own: (4,0) band 1: (R+2, C+3) = d5 -> 243
    //                  (4,2) band 1: (R+2, C+1) = d4 -> 81
    //                  (6,0) band 0: (R, C+3)   = d1 -> 3
    //                  (6,2) band 0: (R, C+1)   = d0 -> 1
    //          23 enemy: (2,2) band 2: (R+2, C+3) = d5 -> 2 * 243 = 486
    //                    (2,4) band 2: (R+2, C+1) = d4 -> 2 * 81 = 162
    //                    (4,2) band 1: (R, C+3)   = d1 -> 2 * 3 = 6, with 32's 81: 87
    //                    (4,4) band 1: (R, C+1)   = d0 -> 2 * 1 = 2
    //          Empty: band 0: 2, band 1: 1, band 2: 2, band 3: 4.
    //   Black: its 23 is own on 28 = (5, 4): (2,2) band 2: d7 -> 2187; (2,4) band 2: d6 -> 729;
    //                                        (4,2) band 1: d3 -> 27;   (4,4) band 1: d2 -> 9.
    //          White's 32 is an enemy on 19 = (3, 6):
    //                    (0,4) band 3: (R+3, C+2) = d7 -> 2 * 2187 = 4374
    //                    (0,6) band 3: (R+3, C)   = d6 -> 2 * 729 = 1458
    //                    (2,4) band 2: (R+1, C+2) = d3 -> 2 * 27 = 54, with 28's 729: 783
    //                    (2,6) band 2: (R+1, C)   = d2 -> 2 * 9 = 18
    //          Empty: band 0: 4, band 1: 2, band 2: 1, band 3: 2.
    // Net entry 0: band 0: 2 - 4 = -2, band 1: 1 - 2 = -1, band 2: 2 - 1 = +1, band 3: 4 - 2 = +2.
    EXPECT_EQ(table_part("W:W32:B23"), expected_entries({{0, 3, 1},
                                                         {0, 1, 1},
                                                         {0, 0, -2},
                                                         {1, 243, 1},
                                                         {1, 87, 1},
                                                         {1, 2, 1},
                                                         {1, 27, -1},
                                                         {1, 9, -1},
                                                         {1, 0, -1},
                                                         {2, 486, 1},
                                                         {2, 162, 1},
                                                         {2, 2187, -1},
                                                         {2, 783, -1},
                                                         {2, 18, -1},
                                                         {2, 0, 1},
                                                         {3, 4374, -1},
                                                         {3, 1458, -1},
                                                         {3, 0, 2}}));
}

TEST(EvaluatePatterns, EndgameTablesCountTheBandHitsByThePhase) {
    // A band entry's coefficient is net hits * kPhaseScale; its endgame entry's is net hits *
    // (kPhaseScale - phase): all of it with two men, nothing with a full board, and a part
    // between (27 men: phase 19 of 32).
    for (const char* fen : {"W:W28:B", "W:W31-50:B1-20", "W:W31-45:B1-12", "B:W32,33,38:B7,8,19"}) {
        const auto position = rules::parse_fen(fen);
        ASSERT_TRUE(position) << fen;
        const int p = phase(*position);
        std::map<std::string, int> expected;
        for (const auto& [name, value] : table_part(fen, "pattern_band"))
            if (value * (kPhaseScale - p) != 0)
                expected["pattern_endgame_" + name.substr(8)] =
                    value / kPhaseScale * (kPhaseScale - p);
        EXPECT_EQ(table_part(fen, "pattern_endgame_band"), expected) << fen << " phase " << p;
    }
    EXPECT_EQ(phase(*rules::parse_fen("W:W31-45:B1-12")), 19);
    EXPECT_TRUE(table_part("W:W31-50:B1-20", "pattern_endgame_band").empty());
    EXPECT_EQ(table_part("W:W28:B", "pattern_endgame_band").size(), 8U);
}

/// gather_region (one PEXT where the processor has a fast one) against the shifts and masks,
/// for every region of the board and random boards.
template <typename B>
void expect_regions_gathered_alike() {
    using G = EvalGeometry<B>;
    PortableRandom random(99);
    for (int trial = 0; trial < 2000; ++trial) {
        const rules::Bitboard b = random.next();
        for (int row = 0; row <= B::kSize - 4; row += 2)
            for (int column = 0; column <= B::kSize - 4; column += 2) {
                const int base = G::region_base_bit(row, column);
                ASSERT_EQ(G::gather_region(b, base), G::gather_region_portable(b, base))
                    << "board " << B::kSize << ", region " << row << "," << column;
            }
    }
}

TEST(EvaluatePatterns, RegionsAreGatheredAlikeOnEveryProcessor) {
    expect_regions_gathered_alike<rules::Board<10>>();
    expect_regions_gathered_alike<rules::Board<8>>();
}

}  // namespace
}  // namespace draughts::engine
