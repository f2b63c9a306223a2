// The tournament runner's throughput and overhead (issue 5, acceptance 4):
//   InProcessGames/threads:N   games of the built-in engine at a fixed node count with 1 and 2
//                              concurrent games: games_per_s (the 1 -> 2 thread ratio is the
//                              scaling figure; target >= 1.8 on 2 idle cores);
//   HubMatch                   `draughts hub` against `draughts hub` at 1s+0.01s, concurrency 2:
//                              harness_cpu_pct (the harness's own CPU time over the engine
//                              processes'; target < 2%) and time_losses (target 0 of 200 games).
// Every run writes a real results folder (synced per pair) in the temporary folder. Scaling needs
// cores that are otherwise idle: with other sessions busy, the kernel's autogroup fair share caps
// the process at its share whatever its thread count (cpu_per_wall shows it).
//
//   build/release/benchmarks/tournament_bench --benchmark_filter=InProcess
//   DRAUGHTS_HUB_BENCH_GAMES=200 build/release/benchmarks/tournament_bench --benchmark_filter=Hub

#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "harness/config/match_config.hpp"
#include "harness/player/engine_log.hpp"
#include "harness/tournament/tournament.hpp"
#include "records/results_folder.hpp"

namespace {

namespace fs = std::filesystem;
using namespace draughts::harness;

const fs::path kSource = DRAUGHTS_SOURCE_DIR;
const fs::path kBinary = fs::path(DRAUGHTS_BINARY_DIR) / "draughts";

/// A head-to-head match of the shipped weights on the balanced book.
MatchConfig match_config(const std::string& time_control, int games, int concurrency, bool hub,
                         int hash_mb = 16) {
    std::ostringstream yaml;
    yaml << "event: bench\ntime_control: " << time_control << "\nconcurrency: " << concurrency
         << "\ntournament: {games: " << games << "}\nopenings: {file: "
         << (kSource / "configs" / "openings" / "3move-balanced.fen").string() << "}\nengines:\n";
    for (const char* name : {"default", "material"}) {
        const std::string weights =
            (kSource / "configs" / "engines" / (std::string(name) + ".yaml")).string();
        if (hub)
            yaml << "  - {name: " << name << ", kind: hub, command: " << kBinary.string()
                 << ", args: [hub, --weights, " << weights << "]}\n";
        else
            yaml << "  - {name: " << name << ", weights: " << weights << ", hash: " << hash_mb
                 << "}\n";
    }
    auto config = parse_match_config(yaml.str(), "bench.yaml", kSource, {});
    if (!config) throw std::runtime_error(config.error().message);
    return *config;
}

fs::path fresh_folder(const std::string& name) {
    const fs::path dir =
        fs::temp_directory_path() / ("draughts-bench-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    return dir;
}

double cpu_seconds(int who) {
    rusage usage{};
    ::getrusage(who, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           1e-6 * static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

/// Plays the match; returns the final standings.
Standings play(const MatchConfig& config, const fs::path& dir, EngineLog* log,
               ChildRegistry* registry) {
    auto folder = ResultsFolder::create(dir, to_yaml(config));
    if (!folder) throw std::runtime_error(folder.error().message);
    auto t = Tournament::create(config, *folder, {}, registry, log);
    if (!t) throw std::runtime_error(t.error().message);
    const RunOutcome outcome = (*t)->run();
    if (outcome.end != RunEnd::Completed) throw std::runtime_error("run: " + outcome.error);
    return (*t)->standings();
}

void InProcessGames(benchmark::State& state) {
    const int threads = static_cast<int>(state.range(0));
    constexpr int kGames = 120;  // enough that the last pair's tail is a small part of a run
    const MatchConfig config = match_config("nodes=5000", kGames, threads, false);
    std::int64_t games = 0;
    double cpu = 0.0;
    double wall = 0.0;
    for (auto _ : state) {
        const fs::path dir = fresh_folder("in-process");
        const double cpu_before = cpu_seconds(RUSAGE_SELF);
        const auto wall_before = std::chrono::steady_clock::now();
        games += play(config, dir, nullptr, nullptr).games();
        wall +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_before).count();
        cpu += cpu_seconds(RUSAGE_SELF) - cpu_before;
        fs::remove_all(dir);
    }
    state.counters["games_per_s"] =
        benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
    // The process's CPU time (every thread) per game, and how busy the threads were: on idle
    // cores cpu_per_wall approaches the thread count when nothing serialises the games.
    state.counters["cpu_s_per_game"] = cpu / static_cast<double>(games);
    state.counters["cpu_per_wall"] = cpu / wall;
}
BENCHMARK(InProcessGames)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kSecond)
    ->UseRealTime()
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(false);

void HubMatch(benchmark::State& state) {
    const char* env = std::getenv("DRAUGHTS_HUB_BENCH_GAMES");
    const int games = env != nullptr ? std::atoi(env) : 20;
    const MatchConfig config = match_config("1+0.01", games, 2, true);
    for (auto _ : state) {
        const fs::path dir = fresh_folder("hub");
        ChildRegistry registry;
        auto log = EngineLog::open(dir.string() + ".log");
        const double self_before = cpu_seconds(RUSAGE_SELF);
        const double children_before = cpu_seconds(RUSAGE_CHILDREN);
        const Standings standings = play(config, dir, log->get(), &registry);
        const double harness = cpu_seconds(RUSAGE_SELF) - self_before;
        const double engines = cpu_seconds(RUSAGE_CHILDREN) - children_before;
        const auto& terminations = standings.terminations();
        const auto losses = terminations.find("time_forfeit");
        state.counters["games"] = static_cast<double>(standings.games());
        state.counters["time_losses"] =
            losses == terminations.end() ? 0.0 : static_cast<double>(losses->second);
        state.counters["harness_cpu_s"] = harness;
        state.counters["engine_cpu_s"] = engines;
        state.counters["harness_cpu_pct"] = engines > 0.0 ? 100.0 * harness / engines : 0.0;
        fs::remove_all(dir);
        fs::remove(dir.string() + ".log");
    }
}
BENCHMARK(HubMatch)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
