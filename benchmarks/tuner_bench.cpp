// Speed and memory of the tuner's inner loop: one epoch (loss and gradient over every position)
// on 1M synthetic positions shaped like the engine's data (its 131,252-parameter layout: 16
// tapered terms and twenty 6,561-entry pattern tables; 12 terms and 6 table entries per
// position, about 30 non-zeros), on 1 and 2 threads. Targets (2 cores): >= 10M positions/s per
// core and <= 16 bytes + 4 bytes per non-zero per position. Counters: positions_per_s (whole
// epoch), per_core (divided by the threads), bytes_per_position, nonzeros_per_position. The generic
// sparse-matrix path (Eigen SparseMatrix, the tests' reference) is measured for comparison, and
// so is the limit: BM_MemoryRead reads a buffer of the store's size once per iteration on 1 and 2
// threads (bytes_per_s), and positions_per_s is the epoch rate that bandwidth would allow if the
// epoch did nothing but read its store once (bytes_per_position bytes per position).
//
//   make bench BENCH_FILTER=Tuner

#include <benchmark/benchmark.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <numeric>
#include <vector>

#include "engine/eval_weights.hpp"
#include "tests/tuner/sparse_reference.hpp"
#include "tuner/adam_optimizer.hpp"
#include "tuner/loss.hpp"
#include "tuner/synthetic_data.hpp"

namespace {

using namespace draughts::tuner;

constexpr std::size_t kPositions = 1'000'000;

SyntheticSpec engine_shaped_spec() {
    SyntheticSpec spec;
    spec.terms = static_cast<std::size_t>(draughts::engine::kNumEvalTerms);
    spec.table_entries = static_cast<std::size_t>(draughts::engine::kNumEvalTables) *
                         draughts::engine::kPatternTableSize;
    spec.terms_per_row = 12;
    spec.table_hits_per_row = 6;
    spec.weight_range = 200.0;
    return spec;
}

/// The data set, built once for every benchmark (about 2-5 s).
struct Data {
    SyntheticSpec spec = engine_shaped_spec();
    Eigen::VectorXd weights = synthetic_true_weights(spec);
    CoefficientStore store = synthetic_store(spec, weights, kPositions, 1);
};

const Data& data() {
    static const auto d = std::make_unique<Data>();
    return *d;
}

void set_counters(benchmark::State& state, const CoefficientStore& store, std::size_t bytes,
                  int threads) {
    const double rows = static_cast<double>(store.size());
    state.counters["positions_per_s"] = benchmark::Counter(
        rows * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["per_core"] = benchmark::Counter(
        rows * static_cast<double>(state.iterations()) / threads, benchmark::Counter::kIsRate);
    state.counters["bytes_per_position"] = static_cast<double>(bytes) / rows;
    state.counters["nonzeros_per_position"] = static_cast<double>(store.entry_count()) / rows;
}

void BM_TunerEpochLossAndGradient(benchmark::State& state) {
    const Data& d = data();
    const int threads = static_cast<int>(state.range(0));
    tbb::task_arena arena(threads);
    const LossFunction loss(LossKind::MeanSquaredError, 1.0);
    Eigen::VectorXd gradient;
    for (auto _ : state)
        arena.execute([&] {
            benchmark::DoNotOptimize(loss.loss_and_gradient(d.store, d.weights, gradient));
        });
    set_counters(state, d.store, d.store.memory_bytes(), threads);
}
BENCHMARK(BM_TunerEpochLossAndGradient)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_TunerEpochLossOnly(benchmark::State& state) {
    const Data& d = data();
    const int threads = static_cast<int>(state.range(0));
    tbb::task_arena arena(threads);
    const LossFunction loss(LossKind::MeanSquaredError, 1.0);
    for (auto _ : state)
        arena.execute([&] { benchmark::DoNotOptimize(loss.loss(d.store, d.weights)); });
    set_counters(state, d.store, d.store.memory_bytes(), threads);
}
BENCHMARK(BM_TunerEpochLossOnly)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

/// The same epoch through Eigen's sparse matrix (one thread): e = A w, g = A^T de.
void BM_TunerEpochSparseMatrixReference(benchmark::State& state) {
    const Data& d = data();
    const auto matrix = test::sparse_matrix(d.store);
    const std::size_t bytes =
        static_cast<std::size_t>(matrix.nonZeros()) * (sizeof(double) + sizeof(int)) +
        (d.store.size() + 1) * sizeof(int) + d.store.size() * sizeof(double);
    const Eigen::VectorXd results = test::results(d.store);
    for (auto _ : state) {
        const Eigen::VectorXd e = matrix * d.weights;
        Eigen::VectorXd de(e.size());
        for (Eigen::Index i = 0; i < e.size(); ++i) {
            const double s = sigmoid(e[i], 1.0);
            de[i] = 2.0 * (s - results[i]) * s * (1.0 - s);
        }
        const Eigen::VectorXd g = matrix.transpose() * de;
        benchmark::DoNotOptimize(g.data());
    }
    set_counters(state, d.store, bytes, 1);
}
BENCHMARK(BM_TunerEpochSparseMatrixReference)->Unit(benchmark::kMillisecond)->UseRealTime();

/// The memory bandwidth of the machine for one pass over a buffer of the store's size: the floor
/// under the epoch's time (each position's bytes are read once per epoch).
void BM_MemoryRead(benchmark::State& state) {
    const Data& d = data();
    const int threads = static_cast<int>(state.range(0));
    const std::size_t bytes = d.store.memory_bytes();
    std::vector<std::uint64_t> buffer(bytes / sizeof(std::uint64_t));
    std::iota(buffer.begin(), buffer.end(), std::uint64_t{1});
    tbb::task_arena arena(threads);
    for (auto _ : state)
        arena.execute([&] {
            benchmark::DoNotOptimize(tbb::parallel_reduce(
                tbb::blocked_range<std::size_t>(0, buffer.size(), 1 << 16), std::uint64_t{0},
                [&](const tbb::blocked_range<std::size_t>& r, std::uint64_t sum) {
                    for (std::size_t i = r.begin(); i != r.end(); ++i) sum += buffer[i];
                    return sum;
                },
                std::plus<>()));
        });
    const double rate = static_cast<double>(state.iterations());
    state.counters["bytes_per_s"] =
        benchmark::Counter(static_cast<double>(bytes) * rate, benchmark::Counter::kIsRate);
    set_counters(state, d.store, bytes, threads);
}
BENCHMARK(BM_MemoryRead)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

/// One Adam step over the whole layout (done once per batch).
void BM_TunerAdamStep(benchmark::State& state) {
    const Data& d = data();
    AdamOptimizer adam(d.weights.size(), {});
    Eigen::VectorXd w = d.weights;
    const Eigen::VectorXd g = Eigen::VectorXd::Constant(d.weights.size(), 1e-6);
    const Eigen::ArrayXd trainable = Eigen::ArrayXd::Ones(d.weights.size());
    for (auto _ : state) adam.step(w, g, 1.0, trainable);
    benchmark::DoNotOptimize(w.data());
}
BENCHMARK(BM_TunerAdamStep)->Unit(benchmark::kMicrosecond);

}  // namespace

// The figures this benchmark gave, printed in its context header so that a run can be read
// against them (results/2026-12-04-tuner-speed.md: A/B in one run with the program of 61c7d24,
// the double-precision sums, on the shared 2-core machine; medians of 7 alternating runs).
int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::AddCustomContext("recorded_in", "results/2026-12-04-tuner-speed.md");
    benchmark::AddCustomContext(
        "recorded_epoch_2_threads",
        "6.58M positions/s (61c7d24 double sums 5.14M, 9f0110b 128-bit sums 3.25M; load 9)");
    benchmark::AddCustomContext(
        "recorded_memory_read_2_threads",
        "6.5 GB/s, 51M positions/s at 127 bytes (load 10; 1 thread 7.7 GB/s)");
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
