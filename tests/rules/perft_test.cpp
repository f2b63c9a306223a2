// Perft counts from ../shared/reference/formats.md, each position to at least 1M leaves (the
// deeper figures are in perft_slowtest.cpp).

#include "rules/perft.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "rules/fen.hpp"

namespace draughts::rules {
namespace {

struct PerftCase {
    std::string name;
    std::string fen;
    std::vector<std::uint64_t> counts;  // depth 1, 2, ...
};

class PerftTest : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftTest, MatchesPublishedCounts) {
    const PerftCase& c = GetParam();
    const auto position = parse_fen(c.fen);
    ASSERT_TRUE(position) << position.error().message;
    for (std::size_t d = 0; d < c.counts.size(); ++d)
        EXPECT_EQ(perft(*position, static_cast<int>(d + 1)), c.counts[d]) << "depth " << d + 1;
}

INSTANTIATE_TEST_SUITE_P(
    ReferencePositions, PerftTest,
    ::testing::Values(
        PerftCase{"Initial", "W:W31-50:B1-20", {9, 81, 658, 4265, 27117, 167140, 1049442, 6483961}},
        PerftCase{"Woldouby",
                  "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26",
                  {6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989}},
        PerftCase{
            "AllKings", "W:WK31-50:BK1-20", {17, 79, 352, 1399, 7062, 37589, 217575, 1333217}},
        PerftCase{"AlmostPromotion",
                  "W:W6,7,8,9,10:B41,42,43,44,45",
                  {9, 81, 795, 7578, 86351, 936311, 11448262}}),
    [](const auto& test_param) { return test_param.param.name; });

TEST(PerftDuplicates, KeptRoutesFromInitialPosition) {
    const Position start = Position::initial();
    EXPECT_EQ(perft(start, 7, Duplicates::Keep), 1049442u);  // no duplicates before depth 8
    EXPECT_EQ(perft(start, 8, Duplicates::Keep), 6483971u);
    EXPECT_EQ(perft(start, 8, Duplicates::Drop), 6483961u);
}

TEST(PerftDivide, SumsToPerft) {
    const Position start = Position::initial();
    std::uint64_t total = 0;
    for (const DivideEntry& e : perft_divide(start, 5)) total += e.nodes;
    EXPECT_EQ(total, perft(start, 5));
}

}  // namespace
}  // namespace draughts::rules
