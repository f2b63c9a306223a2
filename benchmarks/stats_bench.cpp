// Speed of the match statistics, which the tournament recomputes after every finished game for
// its live line and stop rule: the SPRT for each model and sample, the estimates, and the rating
// table of a round robin.
//
//   make bench BENCH_FILTER=Sprt|Estimate|Rating

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "stats/estimate.hpp"
#include "stats/rating_table.hpp"
#include "stats/sprt.hpp"

namespace {

using draughts::harness::Pentanomial;
using draughts::harness::Sprt;
using draughts::harness::SprtModel;
using draughts::harness::Trinomial;

const Trinomial kGames{36433, 68692, 36027};
const Pentanomial kPairs{365, 16618, 18000, 18229, 16974, 390, 0};

void evaluate_games(benchmark::State& state, SprtModel model) {
    const auto sprt = Sprt::create({0, 2, 0.05, 0.05, model});
    for (auto _ : state) benchmark::DoNotOptimize(sprt->evaluate(kGames)->llr);
}

void evaluate_pairs(benchmark::State& state, SprtModel model) {
    const auto sprt = Sprt::create({0, 2, 0.05, 0.05, model});
    for (auto _ : state) benchmark::DoNotOptimize(sprt->evaluate(kPairs)->llr);
}

void BM_SprtNormalizedTrinomial(benchmark::State& s) { evaluate_games(s, SprtModel::Normalized); }
void BM_SprtLogisticTrinomial(benchmark::State& s) { evaluate_games(s, SprtModel::Logistic); }
void BM_SprtBayesEloTrinomial(benchmark::State& s) { evaluate_games(s, SprtModel::BayesElo); }
void BM_SprtNormalizedPentanomial(benchmark::State& s) { evaluate_pairs(s, SprtModel::Normalized); }
void BM_SprtLogisticPentanomial(benchmark::State& s) { evaluate_pairs(s, SprtModel::Logistic); }
BENCHMARK(BM_SprtNormalizedTrinomial);
BENCHMARK(BM_SprtLogisticTrinomial);
BENCHMARK(BM_SprtBayesEloTrinomial);
BENCHMARK(BM_SprtNormalizedPentanomial);
BENCHMARK(BM_SprtLogisticPentanomial);

void BM_EstimatePentanomial(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(draughts::harness::estimate(kPairs).elo_error);
}
BENCHMARK(BM_EstimatePentanomial);

/// A round robin of `engines` engines, each pair with a different made-up result.
void BM_RatingTableRoundRobin(benchmark::State& state) {
    const auto engines = static_cast<std::size_t>(state.range(0));
    std::vector<std::string> names;
    for (std::size_t i = 0; i < engines; ++i) names.push_back("engine" + std::to_string(i));
    draughts::harness::PairwiseResults results(names);
    for (std::size_t i = 0; i < engines; ++i)
        for (std::size_t j = i + 1; j < engines; ++j) {
            const auto edge = static_cast<std::int64_t>(3 * (j - i));
            results.add(i, j, Trinomial{40 + edge, 50, 40 - edge / 2});
        }
    for (auto _ : state)
        benchmark::DoNotOptimize(draughts::harness::compute_ratings(results)->entries[0].elo);
}
BENCHMARK(BM_RatingTableRoundRobin)->Arg(4)->Arg(16)->Arg(64);

}  // namespace

BENCHMARK_MAIN();
