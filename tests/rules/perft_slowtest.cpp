// Every perft figure of ../shared/reference/formats.md, and the published Frisian and Killer
// counts, to the deepest published depth, counted with the TBB-parallel perft on all cores
// (perft_test.cpp and variant_perft_test.cpp run the shallow depths by default).

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "rules/fen.hpp"
#include "rules/parallel_perft.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {
namespace {

struct DeepPerftCase {
    std::string name;
    std::string fen;
    Duplicates duplicates;
    int first_depth;                    // depth of counts.front()
    std::vector<std::uint64_t> counts;  // first_depth, first_depth + 1, ...
};

class DeepPerft : public ::testing::TestWithParam<DeepPerftCase> {};

int worker_threads() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

/// The published counts of a position of variant V from `first_depth` on (for the variants,
/// variant_perft_test.cpp checks the shallow depths and names the sources).
template <typename V>
void expect_variant_counts(const std::string& fen, Duplicates duplicates, int first_depth,
                           const std::vector<std::uint64_t>& counts) {
    const auto root = parse_fen<V>(fen);
    ASSERT_TRUE(root) << root.error().message;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const int depth = first_depth + static_cast<int>(i);
        EXPECT_EQ(rules::parallel_perft(*root, depth, worker_threads(), duplicates), counts[i])
            << V::kName << ' ' << fen << " depth " << depth;
    }
}

TEST_P(DeepPerft, MatchesPublishedCounts) {
    const DeepPerftCase& c = GetParam();
    expect_variant_counts<International>(c.fen, c.duplicates, c.first_depth, c.counts);
}

INSTANTIATE_TEST_SUITE_P(
    ReferencePositions, DeepPerft,
    ::testing::Values(
        DeepPerftCase{
            "Initial",
            "W:W31-50:B1-20",
            Duplicates::Drop,
            1,
            {9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763, 1665861398}},
        DeepPerftCase{"InitialDuplicatesKept",
                      "W:W31-50:B1-20",
                      Duplicates::Keep,
                      8,
                      {6483971, 41022614, 258935682, 1666207133}},
        DeepPerftCase{"Woldouby",
                      "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26",
                      Duplicates::Drop,
                      1,
                      {6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989, 9872645,
                       58360286, 346184885}},
        DeepPerftCase{
            "AllKings",
            "W:WK31-50:BK1-20",
            Duplicates::Drop,
            1,
            {17, 79, 352, 1399, 7062, 37589, 217575, 1333217, 8558321, 58381162, 417920283}},
        DeepPerftCase{"AlmostPromotion",
                      "W:W6,7,8,9,10:B41,42,43,44,45",
                      Duplicates::Drop,
                      1,
                      {9, 81, 795, 7578, 86351, 936311, 11448262, 138362698, 1799526674}}),
    [](const auto& test_param) { return test_param.param.name; });

// Rein Halbersma's Frisian counts to the end of his table (6 s on two cores).
TEST(DeepVariantPerft, FrisianEqualsThePublishedCounts) {
    expect_variant_counts<Frisian>(std::string(Frisian::kInitialFen), Duplicates::Drop, 9,
                                   {15605069, 85817725, 491186430});
}

// Fabien Letouzey's Killer counts to the end of his tables (about 90 s on two cores).
TEST(DeepVariantPerft, KillerEqualsLetouzeysCounts) {
    expect_variant_counts<Killer>("B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
                                  Duplicates::Drop, 8, {78944517, 1133545351, 12070611997});
    expect_variant_counts<Killer>("W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
                                  Duplicates::Drop, 14,
                                  {58116971, 343968214, 2251657424, 14783093851});
}

}  // namespace
}  // namespace draughts::rules
