// The tuning report's pattern boards (report/patterns_section.cpp): one board per band, and when
// the tuned weights fill an endgame table, one more per band as it counts with no men left.

#include <gtest/gtest.h>

#include <string>

#include "engine/eval_weights.hpp"
#include "report/tune_folder.hpp"
#include "report/tune_sections.hpp"

namespace draughts::report {
namespace {

using engine::ParameterLayout;

TuneFolder folder_with(const std::vector<std::pair<std::size_t, int>>& values) {
    TuneFolder folder;
    folder.settings.variant = rules::Variant::International;
    folder.tuned.assign(ParameterLayout::count(), 0);
    for (const auto& [index, value] : values) folder.tuned[index] = value;
    return folder;
}

TEST(PatternsSection, EndgameBoardsOnlyWhenAnEndgameTableIsTuned) {
    // Entry 1 of a table: the region's first square (digit 0) holds an own piece.
    const std::size_t band1 = ParameterLayout::table_index(engine::band_table(1), 1);
    const std::size_t late1 = ParameterLayout::table_index(engine::endgame_band_table(1), 1);
    const std::string without = patterns_section(folder_with({{band1, 300}})).html;
    EXPECT_NE(without.find("data-chart=\"pattern-band1\""), std::string::npos);
    EXPECT_EQ(without.find("pattern-endgame-band"), std::string::npos);
    EXPECT_EQ(without.find("band 1 endgame"), std::string::npos);

    const std::string with = patterns_section(folder_with({{band1, 300}, {late1, -900}})).html;
    for (int band = 0; band < engine::kNumEvalBands; ++band) {
        EXPECT_NE(with.find("data-chart=\"pattern-band" + std::to_string(band) + "\""),
                  std::string::npos);
        EXPECT_NE(with.find("data-chart=\"pattern-endgame-band" + std::to_string(band) + "\""),
                  std::string::npos);
    }
    EXPECT_NE(with.find("Pattern band 1 with no men left (rows 3-6 from White"), std::string::npos);
    EXPECT_NE(with.find("<th scope=\"col\" class=\"n\">band 1 endgame</th>"), std::string::npos);
}

}  // namespace
}  // namespace draughts::report
