// Speed of the engine: nodes per second of the search on the bench positions (fixed node budget
// per position, fresh hash table each time), and evaluations per second of the static evaluation
// with the hand-set weights, with pattern tables active, and of the tuner's trace.
//
//   build/release/benchmarks/search_bench
//   build/release/benchmarks/search_bench --benchmark_filter=Search

#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "engine/bench.hpp"
#include "engine/engine.hpp"
#include "engine/evaluate.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"

namespace {

using namespace draughts::engine;
namespace rules = draughts::rules;

std::vector<rules::Position> bench_roots() {
    std::vector<rules::Position> roots;
    for (const auto fen : bench_positions()) roots.push_back(*rules::parse_fen(fen));
    return roots;
}

/// Quiet positions from seeded random games, for the evaluation benchmarks.
std::vector<rules::Position> quiet_positions() {
    std::mt19937 rng(7);
    std::vector<rules::Position> out;
    for (int game = 0; game < 20; ++game) {
        rules::Position p = rules::Position::initial();
        for (int ply = 0; ply < 120; ++ply) {
            rules::MoveList moves;
            rules::generate_moves(p, moves);
            if (moves.empty()) break;
            if (!rules::has_capture(p)) out.push_back(p);
            p = p.after(moves[rng() % moves.size()]);
        }
    }
    return out;
}

void BM_SearchNodesPerSecond(benchmark::State& state) {
    const auto roots = bench_roots();
    Engine engine;
    SearchLimits limits;
    limits.nodes = static_cast<std::uint64_t>(state.range(0));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        for (const rules::Position& root : roots) {
            engine.new_game();
            nodes += engine.search(root, {}, limits).nodes;
        }
    }
    state.counters["nps"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SearchNodesPerSecond)->Arg(100'000)->Unit(benchmark::kMillisecond);

void BM_BenchDepth(benchmark::State& state) {
    std::uint64_t nodes = 0;
    for (auto _ : state) nodes += run_bench(static_cast<int>(state.range(0))).nodes;
    state.counters["nps"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_BenchDepth)->Arg(8)->Unit(benchmark::kMillisecond);

void evaluate_positions(benchmark::State& state, const EvalWeights& weights) {
    const auto positions = quiet_positions();
    std::int64_t sum = 0;
    for (auto _ : state)
        for (const rules::Position& p : positions) sum += evaluate(p, weights);
    benchmark::DoNotOptimize(sum);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}

void BM_EvaluateDefault(benchmark::State& state) { evaluate_positions(state, EvalWeights{}); }
BENCHMARK(BM_EvaluateDefault);

void BM_EvaluateWithPatterns(benchmark::State& state) {
    EvalWeights weights;
    std::mt19937 rng(1);
    for (std::size_t i = 2 * kNumEvalTerms; i < ParameterLayout::count(); ++i)
        weights.set(i, static_cast<int>(rng() % 41) - 20);
    evaluate_positions(state, weights);
}
BENCHMARK(BM_EvaluateWithPatterns);

void BM_Trace(benchmark::State& state) {
    const auto positions = quiet_positions();
    std::size_t total = 0;
    for (auto _ : state)
        for (const rules::Position& p : positions) total += trace_evaluation(p).coefficients.size();
    benchmark::DoNotOptimize(total);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(positions.size()));
}
BENCHMARK(BM_Trace);

}  // namespace

BENCHMARK_MAIN();
