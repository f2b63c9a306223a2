// The bench signature: the total node count of the fixed bench workload. A change of this number
// means the search or the evaluation changed; when that is intended, update kBenchSignature (and
// say so in the commit message).

#include "engine/bench.hpp"

#include <gtest/gtest.h>

#include "rules/fen.hpp"

namespace draughts::engine {
namespace {

// Deep enough for every part of the search to show: singular extensions start at depth 8, which
// a depth-9 search reaches at its first ply.
constexpr int kBenchDepth = 9;
constexpr std::uint64_t kBenchSignature = 417946;

TEST(Bench, NodeCountMatchesStoredSignature) {
    const BenchResult bench = run_bench(kBenchDepth);
    EXPECT_EQ(bench.nodes, kBenchSignature)
        << "the search changed: if intended, set kBenchSignature to " << bench.nodes;
}

TEST(Bench, RepeatedRunGivesTheSameSignature) {
    // Each position starts from a cleared table, so repeating the run gives the same count.
    EXPECT_EQ(run_bench(5).nodes, run_bench(5).nodes);
}

TEST(Bench, PositionsAreValid) {
    for (const auto fen : bench_positions()) EXPECT_TRUE(rules::parse_fen(fen)) << fen;
}

}  // namespace
}  // namespace draughts::engine
