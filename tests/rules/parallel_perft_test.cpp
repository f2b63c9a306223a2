// The TBB-parallel perft gives exactly the single-threaded counts, whatever the thread count.

#include "rules/parallel_perft.hpp"

#include <gtest/gtest.h>

#include <string>

#include "rules/fen.hpp"
#include "rules/perft.hpp"

namespace draughts::rules {
namespace {

using rules::Duplicates;

struct ParallelCase {
    std::string fen;
    int depth;
    Duplicates duplicates;
};

class ParallelPerft : public ::testing::TestWithParam<ParallelCase> {};

TEST_P(ParallelPerft, EqualsSingleThreadedPerftForAnyThreadCount) {
    const auto root = rules::parse_fen(GetParam().fen);
    ASSERT_TRUE(root) << root.error().message;
    for (int depth = 1; depth <= GetParam().depth; ++depth) {
        const std::uint64_t expected = rules::perft(*root, depth, GetParam().duplicates);
        for (int threads : {1, 2, 3, 8})
            EXPECT_EQ(parallel_perft(*root, depth, threads, GetParam().duplicates), expected)
                << "depth " << depth << ", " << threads << " threads";
    }
}

INSTANTIATE_TEST_SUITE_P(Positions, ParallelPerft,
                         ::testing::Values(ParallelCase{"W:W31-50:B1-20", 8, Duplicates::Keep},
                                           ParallelCase{"W:W31-50:B1-20", 7, Duplicates::Drop},
                                           ParallelCase{"W:WK31-50:BK1-20", 6, Duplicates::Drop},
                                           ParallelCase{"W:W6,7,8,9,10:B41,42,43,44,45", 6,
                                                        Duplicates::Drop},
                                           ParallelCase{"W:W32:B17,18,27,28", 3, Duplicates::Keep},
                                           ParallelCase{"B:W:B1", 5, Duplicates::Drop}));

TEST(ParallelPerft, KnownCountFromTheStartPosition) {
    EXPECT_EQ(parallel_perft(rules::Position::initial(), 8, 2), 6483961u);
    EXPECT_EQ(parallel_perft(rules::Position::initial(), 8, 2, Duplicates::Keep), 6483971u);
}

}  // namespace
}  // namespace draughts::rules
