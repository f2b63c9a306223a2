// Speed of the rules core: move generation, bulk move counting and make-move on typical
// positions, perft from the start position, and the acceptance figure of issue 2: perft 11 from
// the start position (1,665,861,398 leaves) single-threaded and on 2 threads.
//
//   make bench                                 every benchmark
//   make bench BENCH_FILTER=Generate           only those whose name matches the regex

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/parallel_perft.hpp"
#include "rules/perft.hpp"

namespace {

using draughts::rules::Duplicates;
using draughts::rules::Move;
using draughts::rules::MoveList;
using draughts::rules::Position;

// Typical positions: the opening, a quiet middlegame, a middlegame where several captures compete
// (from a random game), a king endgame without and with captures, the all-kings perft position,
// and the king position of issue 17.
constexpr const char* kOpening = "W:W31-50:B1-20";
constexpr const char* kMiddlegame = "W:W27,28,31-34,36-41,43-45,47:B3,6-9,11-14,16-19,22-24";
constexpr const char* kMiddlegameCaptures =
    "W:W27-28,30-32,34,36-37,39,41,44-47,49:B1-2,4-7,11,13-14,16,23-25";
constexpr const char* kKingEndgame = "B:WK46,K33,40:BK5,K19,25";
constexpr const char* kKingCaptures = "W:WK3,K28,40,45:BK17,K24,36";
constexpr const char* kAllKings = "W:WK31-50:BK1-20";

constexpr std::uint64_t kStartPerft11 = 1'665'861'398;

// The slowest kind of position for the generator (issue 17): two Black kings against a White
// king and many men, so most leaves are flying-king captures or king slides.
constexpr const char* kKingsPerft = "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24";

/// Parses a benchmark position; reports an error instead of running when it is invalid.
bool load(benchmark::State& state, const char* fen, Position& position) {
    const auto parsed = draughts::rules::parse_fen(fen);
    if (!parsed) {
        state.SkipWithError(parsed.error().message.c_str());
        return false;
    }
    position = *parsed;
    return true;
}

void BM_GenerateMoves(benchmark::State& state, const char* fen) {
    Position position;
    if (!load(state, fen, position)) return;
    MoveList moves;
    for (auto _ : state) {
        draughts::rules::generate_moves(position, moves);
        benchmark::DoNotOptimize(moves.size());
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["moves"] = static_cast<double>(moves.size());
}

void BM_CountMoves(benchmark::State& state, const char* fen) {
    Position position;
    if (!load(state, fen, position)) return;
    int count = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(position);
        count = draughts::rules::count_moves(position);
        benchmark::DoNotOptimize(count);
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["moves"] = count;
}

void BM_PositionAfter(benchmark::State& state, const char* fen) {
    Position position;
    if (!load(state, fen, position)) return;
    MoveList moves;
    draughts::rules::generate_moves(position, moves);
    for (auto _ : state) {
        for (const Move& move : moves) {
            Position next = position.after(move);
            benchmark::DoNotOptimize(next);
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(moves.size()));
}

#define DRAUGHTS_POSITION_BENCHMARKS(function)                             \
    BENCHMARK_CAPTURE(function, opening, kOpening);                        \
    BENCHMARK_CAPTURE(function, middlegame, kMiddlegame);                  \
    BENCHMARK_CAPTURE(function, middlegame_captures, kMiddlegameCaptures); \
    BENCHMARK_CAPTURE(function, king_endgame, kKingEndgame);               \
    BENCHMARK_CAPTURE(function, king_captures, kKingCaptures);             \
    BENCHMARK_CAPTURE(function, all_kings, kAllKings);                     \
    BENCHMARK_CAPTURE(function, kings_perft, kKingsPerft)

DRAUGHTS_POSITION_BENCHMARKS(BM_GenerateMoves);
DRAUGHTS_POSITION_BENCHMARKS(BM_CountMoves);
DRAUGHTS_POSITION_BENCHMARKS(BM_PositionAfter);

/// Perft from the start position, single-threaded, at depth state.range(0).
void BM_PerftStart(benchmark::State& state) {
    const Position start = Position::initial();
    const int depth = static_cast<int>(state.range(0));
    std::uint64_t leaves = 0;
    for (auto _ : state) {
        leaves = draughts::rules::perft(start, depth);
        benchmark::DoNotOptimize(leaves);
    }
    state.counters["leaves"] = static_cast<double>(leaves);
    state.counters["leaves/s"] = benchmark::Counter(static_cast<double>(leaves),
                                                    benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_PerftStart)
    ->ArgName("depth")
    ->DenseRange(7, 9)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

/// Perft from the king position kKingsPerft, single-threaded, at depth state.range(0); depth 9
/// (1,216,917,193 leaves) is the figure of issue 17.
void BM_PerftKings(benchmark::State& state) {
    Position position;
    if (!load(state, kKingsPerft, position)) return;
    const int depth = static_cast<int>(state.range(0));
    std::uint64_t leaves = 0;
    for (auto _ : state) {
        leaves = draughts::rules::perft(position, depth);
        benchmark::DoNotOptimize(leaves);
    }
    state.counters["leaves"] = static_cast<double>(leaves);
    state.counters["leaves/s"] = benchmark::Counter(static_cast<double>(leaves),
                                                    benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_PerftKings)
    ->ArgName("depth")
    ->DenseRange(7, 9)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

/// The acceptance benchmark: perft 11 from the start position with state.range(0) threads, run
/// once (it takes seconds). Target: about 6.5 s (250M leaves/s) on one thread, 1.8x that on two.
void BM_PerftStart11(benchmark::State& state) {
    const int threads = static_cast<int>(state.range(0));
    std::uint64_t leaves = 0;
    for (auto _ : state) {
        leaves = draughts::rules::parallel_perft(Position::initial(), 11, threads);
        benchmark::DoNotOptimize(leaves);
    }
    if (leaves != kStartPerft11) {
        state.SkipWithError(("wrong count " + std::to_string(leaves)).c_str());
        return;
    }
    state.counters["leaves"] = static_cast<double>(leaves);
    state.counters["leaves/s"] =
        benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PerftStart11)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->Iterations(1)
    ->Unit(benchmark::kSecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
