// The parameter layout shared with the tuner and weight files.

#include "engine/eval_weights.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace draughts::engine {
namespace {

TEST(ParameterLayout, CountsTermsAndTables) {
    EXPECT_EQ(ParameterLayout::count(),
              2u * kNumEvalTerms + static_cast<std::size_t>(kNumEvalTables) * kPatternTableSize);
    EXPECT_EQ(EvalWeights::zero().values().size(), ParameterLayout::count());
}

TEST(ParameterLayout, NamesAreUniqueAndInvertible) {
    std::set<std::string> names;
    for (std::size_t i = 0; i < ParameterLayout::count(); ++i) {
        const std::string name = ParameterLayout::name(i);
        EXPECT_TRUE(names.insert(name).second) << name;
        const auto back = ParameterLayout::index_of(name);
        ASSERT_TRUE(back.has_value()) << name;
        EXPECT_EQ(*back, i);
    }
}

TEST(ParameterLayout, KnownNamesAndKinds) {
    EXPECT_EQ(ParameterLayout::name(0), "man.mg");
    EXPECT_EQ(ParameterLayout::name(1), "man.eg");
    EXPECT_EQ(ParameterLayout::kind(0), ParameterKind::MiddleGame);
    EXPECT_EQ(ParameterLayout::kind(1), ParameterKind::Endgame);
    const std::size_t entry = ParameterLayout::table_index(EvalTable::PatternBand2, 17);
    EXPECT_EQ(ParameterLayout::name(entry), "pattern_band2[17]");
    EXPECT_EQ(ParameterLayout::kind(entry), ParameterKind::TableEntry);
    EXPECT_EQ(ParameterLayout::index_of("king_mobility.eg"),
              ParameterLayout::endgame_index(EvalTerm::KingMobility));
}

TEST(ParameterLayout, RegionTablesFollowTheBandsAndEndgameTablesTheRegions) {
    const std::size_t first = ParameterLayout::table_index(region_table(0), 0);
    EXPECT_EQ(first, ParameterLayout::table_index(EvalTable::PatternBand3, 0) + kPatternTableSize);
    EXPECT_EQ(ParameterLayout::name(first), "pattern_region0[0]");
    EXPECT_EQ(ParameterLayout::region(3, 2), region_table(14));
    EXPECT_EQ(ParameterLayout::name(ParameterLayout::table_index(region_table(15), 6560)),
              "pattern_region15[6560]");
    EXPECT_EQ(ParameterLayout::table_index(endgame_band_table(0), 0),
              ParameterLayout::table_index(region_table(15), 0) + kPatternTableSize);
    EXPECT_EQ(ParameterLayout::name(ParameterLayout::count() - 1), "pattern_endgame_band3[6560]");
    EXPECT_EQ(ParameterLayout::index_of("pattern_endgame_band1[5]"),
              ParameterLayout::table_index(endgame_band_table(1), 5));
    // 8x8: three bands, nine regions right after them, then three endgame bands.
    using Layout64 = BasicParameterLayout<rules::Board8>;
    EXPECT_EQ(Layout64::kNumTables, 15);
    EXPECT_EQ(Layout64::table(3), region_table(0));
    EXPECT_EQ(Layout64::table(12), endgame_band_table(0));
    EXPECT_EQ(Layout64::table_index(region_table(0), 0),
              Layout64::table_index(EvalTable::PatternBand2, 0) + kPatternTableSize);
    EXPECT_EQ(Layout64::table_index(endgame_band_table(0), 0),
              Layout64::table_index(region_table(8), 0) + kPatternTableSize);
    EXPECT_EQ(Layout64::name(Layout64::count() - 1), "pattern_endgame_band2[6560]");
    EXPECT_FALSE(Layout64::index_of("pattern_region9[0]").has_value());
    EXPECT_FALSE(Layout64::index_of("pattern_band3[0]").has_value());
    EXPECT_FALSE(Layout64::index_of("pattern_endgame_band3[0]").has_value());
    for (int t = 0; t < kNumEvalTables; ++t) {
        const auto table = static_cast<EvalTable>(t);
        const TableKind kind = table_kind(table);
        const int number = table_number(table);
        EXPECT_EQ(kind == TableKind::Band     ? band_table(number)
                  : kind == TableKind::Region ? region_table(number)
                                              : endgame_band_table(number),
                  table);
        EXPECT_EQ(ParameterLayout::table(static_cast<int>(ParameterLayout::slot(table))), table);
    }
}

TEST(EvalWeights, RegionPatternIsTheBandEntryPlusTheRegionEntry) {
    // Every region's sum against its two tables, after random writes to every kind of table
    // (the endgame tables must not count in it).
    EvalWeights w = EvalWeights::zero();
    std::uint32_t state = 7;
    const auto next = [&state] { return state = state * 1664525U + 1013904223U; };
    for (int i = 0; i < 3000; ++i) {
        const auto table = static_cast<int>(next() % kNumEvalTables);
        const std::size_t entry = next() % 40;  // few entries, so that writes meet
        w.set_table(static_cast<EvalTable>(table), entry, static_cast<int>(next() % 201) - 100);
    }
    for (int band = 0; band < kNumEvalBands; ++band)
        for (int column = 0; column < ParameterLayout::kRegionsPerLine; ++column) {
            const int region = band * ParameterLayout::kRegionsPerLine + column;
            for (std::size_t entry = 0; entry < 40; ++entry)
                EXPECT_EQ(w.region_pattern(region, entry),
                          w.table(band_table(band), entry) + w.table(region_table(region), entry))
                    << region << " " << entry;
        }
}

TEST(ParameterLayout, RejectsUnknownNames) {
    for (const char* name :
         {"", "man", "man.xx", "queen.mg", "pattern_band0[6561]", "pattern_band0[-1]",
          "pattern_band0[1x]", "pattern_band9[0]", "pattern_region16[0]", "pattern_region[0]",
          "pattern_endgame_band4[0]", "pattern_endgame_band[0]"})
        EXPECT_FALSE(ParameterLayout::index_of(name).has_value()) << name;
}

TEST(ParameterLayout, HashIsStable) {
    // Changing the layout must be deliberate: update this value together with the weight files
    // and the tuner's data.
    EXPECT_EQ(ParameterLayout::hash(), 0x0862dfe1fc63e4b1ULL);
}

TEST(EvalWeights, SetKeepsPatternActivityInStep) {
    EvalWeights w = EvalWeights::zero();
    EXPECT_FALSE(w.patterns_active());
    w.set_table(EvalTable::PatternBand1, 5, 7);
    EXPECT_TRUE(w.patterns_active());
    w.set_table(EvalTable::PatternBand1, 5, 3);
    EXPECT_TRUE(w.patterns_active());
    w.set_table(EvalTable::PatternBand1, 5, 0);
    EXPECT_FALSE(w.patterns_active());
    w.set(ParameterLayout::middle_game_index(EvalTerm::Man), 1);
    EXPECT_FALSE(w.patterns_active());
    // An endgame table alone makes the patterns active too, and is counted apart.
    w.set_table(endgame_band_table(2), 9, -4);
    EXPECT_TRUE(w.patterns_active());
    EXPECT_TRUE(w.endgame_patterns_active());
    w.set_table(EvalTable::PatternBand0, 9, 4);
    w.set_table(endgame_band_table(2), 9, 0);
    EXPECT_TRUE(w.patterns_active());
    EXPECT_FALSE(w.endgame_patterns_active());
}

TEST(EvalWeights, MaterialOnlyHasOnlyPieceValues) {
    const EvalWeights w = EvalWeights::material_only();
    for (std::size_t i = 0; i < ParameterLayout::count(); ++i) {
        const std::string name = ParameterLayout::name(i);
        const bool piece = name.starts_with("man.") || name.starts_with("king.");
        if (!piece) {
            EXPECT_EQ(w[i], 0) << name;
        }
    }
    EXPECT_EQ(w.middle_game(EvalTerm::Man), 1000);
    EXPECT_EQ(w.endgame(EvalTerm::King), 3000);
}

}  // namespace
}  // namespace draughts::engine
