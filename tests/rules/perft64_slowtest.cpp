// Deeper perft of the 64-square games from W:W21-32:B1-12. To depth 9 the counts are checked
// against the independent mailbox rules of tests/support/reference_rules.cpp, counted there move
// by move (both duplicate conventions); beyond, the figures are this generator's own, recorded
// once the reference agreed, so that any later change to the 64-square rules shows up here.

#include <gtest/gtest.h>

#include <cstdint>
#include <thread>
#include <vector>

#include "rules/parallel_perft.hpp"
#include "rules/variant.hpp"
#include "tests/support/reference_convert.hpp"
#include "tests/support/reference_rules.hpp"

namespace draughts::rules {
namespace {

using testing::RefBoard;
using testing::RefListing;
using testing::RefPiece;
using testing::RefRules;

int thread_count() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

RefBoard reference_start(const RefRules& rules) {
    RefBoard board;
    board.rules = rules;
    for (int s = 1; s <= 12; ++s) board.squares[static_cast<std::size_t>(s)] = RefPiece::BlackMan;
    for (int s = 21; s <= 32; ++s) board.squares[static_cast<std::size_t>(s)] = RefPiece::WhiteMan;
    return board;
}

template <typename V>
void expect_reference_agrees(const RefRules& rules, int depth) {
    const auto start = BasicPosition<V>::initial();
    const RefBoard board = reference_start(rules);
    for (const auto& [duplicates, listing] : {std::pair{Duplicates::Drop, RefListing::Drop},
                                              std::pair{Duplicates::Keep, RefListing::Keep}})
        EXPECT_EQ(parallel_perft(start, depth, thread_count(), duplicates),
                  testing::reference_perft(board, depth, listing))
            << V::kName << " depth " << depth;
}

TEST(Perft64Deep, BrazilianAgreesWithTheReference) {
    expect_reference_agrees<Brazilian>(testing::kRefBrazilian, 9);
}

TEST(Perft64Deep, RussianAgreesWithTheReference) {
    expect_reference_agrees<Russian>(testing::kRefRussian, 9);
}

// Duplicate routes first occur at depth 8: the figures (to depth 7) hold for both
// conventions.
const std::vector<std::uint64_t> kBrazilianDrop = {
    7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022, 105491257, 511882477};
const std::vector<std::uint64_t> kBrazilianKeep = {
    7, 49, 302, 1469, 7473, 37628, 187302, 907836, 4431847, 21566606, 105534946, 512171742};
const std::vector<std::uint64_t> kRussianDrop = {
    7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032, 110917189, 544770444};
const std::vector<std::uint64_t> kRussianKeep = {
    7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667, 22450628, 110961169, 545059387};

/// The counts from the initial position from `first_depth` on.
template <typename V>
void expect_counts(Duplicates duplicates, const std::vector<std::uint64_t>& counts,
                   int first_depth = 1) {
    const auto start = BasicPosition<V>::initial();
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const int depth = static_cast<int>(i) + first_depth;
        EXPECT_EQ(parallel_perft(start, depth, thread_count(), duplicates), counts[i])
            << V::kName << " depth " << depth;
    }
}

TEST(Perft64Deep, BrazilianCounts) {
    expect_counts<Brazilian>(Duplicates::Drop, kBrazilianDrop);
    expect_counts<Brazilian>(Duplicates::Keep, kBrazilianKeep);
}

TEST(Perft64Deep, RussianCounts) {
    expect_counts<Russian>(Duplicates::Drop, kRussianDrop);
    expect_counts<Russian>(Duplicates::Keep, kRussianKeep);
}

// English draughts: the published counts of variant_perft_test.cpp further on, to depth 14, the
// deepest that runs within a minute here (about 30 s on two cores; Cake's figures go to depth 12,
// BikMove's on; neither removes duplicate captures, which cannot occur this early with kings that
// step one square).
TEST(Perft64Deep, EnglishPublishedCounts) {
    expect_counts<English>(Duplicates::Keep, {85242128, 388623673, 1766623630, 7978439499}, 11);
}

// Pool checkers: the published counts (variant_perft_test.cpp names the source) to the end of
// their table, both conventions (16 s on two cores).
TEST(Perft64Deep, PoolPublishedCounts) {
    expect_counts<Pool>(Duplicates::Drop, {110833952, 544005148, 2668385616}, 11);
    expect_counts<Pool>(Duplicates::Keep, {110877932, 544300084, 2670481140}, 11);
}

// Pool checkers: the reference agrees at depth 9 from the initial position (Black to move).
TEST(Perft64Deep, PoolAgreesWithTheReference) {
    const auto start = BasicPosition<Pool>::initial();
    const RefBoard board = testing::to_reference(start);
    for (const auto& [duplicates, listing] : {std::pair{Duplicates::Drop, RefListing::Drop},
                                              std::pair{Duplicates::Keep, RefListing::Keep}})
        EXPECT_EQ(parallel_perft(start, 9, thread_count(), duplicates),
                  testing::reference_perft(board, 9, listing))
            << "pool depth 9";
}

}  // namespace
}  // namespace draughts::rules
