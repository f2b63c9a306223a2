// The soak test (`make soak`): a few hundred games between mock engines that crash, hang, dawdle,
// send garbage and play illegal moves, and `draughts hub`, played by the real `draughts match`
// program, which is killed with SIGKILL at random moments and resumed with --resume, over and
// over. In the end nothing may be lost or doubled: exactly the configured games, each once in
// games.pdn and games.jsonl, results that agree with how each game ended, no process left behind
// after any kill, and no descriptor leaked. SOAK_SEED, SOAK_GAMES and SOAK_KILLS set it up; the
// seed is printed (it fixes the match and the kill schedule; the engines' faults also depend on
// process ids and timing).

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "tests/soak/soak_run.hpp"
#include "tests/soak/soak_verify.hpp"
#include "tests/support/process_probe.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::soak {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string tail_of(const fs::path& file, std::size_t bytes) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const std::string all = text.str();
    return all.size() <= bytes ? all : all.substr(all.size() - bytes);
}

/// Occurrences of `what` in `text`.
int count_of(const std::string& text, const std::string& what) {
    int count = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++count;
    return count;
}

/// What the kill-and-resume loop did.
struct LoopFigures {
    int runs = 0;
    int kills = 0;
    int max_descriptors = 0;        ///< of any harness process, sampled every few milliseconds
    int max_final_descriptors = 0;  ///< of the run that finished
    int leftover_checks = 0;        ///< scans for processes after a kill, all empty
    int games_before_last_run = 0;
    int torn_ends = 0;     ///< resumes that found a torn end to repair
    int torn_ledgers = 0;  ///< of them, those with a torn games.jsonl (the resume reports them)
    bool torn_by_test = false;  ///< the test tore the end before one resume itself
    double kill_phase_seconds = 0;
    double total_seconds = 0;
};

/// The command lines of processes, for messages.
std::string describe(const std::vector<pid_t>& pids) {
    std::string out;
    for (const pid_t pid : pids) {
        std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
        std::string cmdline{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
        out += "\n  " + std::to_string(pid) + ": " + cmdline;
    }
    return out;
}

/// Waits until no process carries `tag` (engines of a killed harness must go); returns those
/// still there after `timeout` seconds, after killing them so that nothing outlives the test.
std::vector<pid_t> leftovers_after(const std::string& tag, double timeout) {
    const auto start = Clock::now();
    std::vector<pid_t> left = testing::processes_with_argument(tag);
    while (!left.empty() && seconds_since(start) < timeout) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        left = testing::processes_with_argument(tag);
    }
    if (!left.empty()) {
        ADD_FAILURE() << left.size() << " processes outlived the harness:" << describe(left);
        for (const pid_t pid : left) ::kill(pid, SIGKILL);
    }
    return left;
}

/// Runs `draughts match` and `draughts match --resume` until a run finishes, killing each of the
/// first settings.kills runs at a random moment.
LoopFigures kill_and_resume(const SoakSettings& settings, const fs::path& dir,
                            const fs::path& config, const fs::path& results) {
    const std::string tag = dir.string();
    std::mt19937_64 random(settings.seed);
    std::uniform_real_distribution<double> kill_after(settings.min_kill_after,
                                                      settings.max_kill_after);
    LoopFigures figures;
    const auto start = Clock::now();
    for (;;) {
        const std::vector<std::string> args =
            figures.runs == 0
                ? std::vector<std::string>{"match", config.string(), "--quiet"}
                : std::vector<std::string>{"match", "--resume", results.string(), "--quiet"};
        // The last third of the games is left to one uninterrupted run, long enough for a
        // descriptor leak to show.
        const int recorded = figures.runs == 0 ? 0 : recorded_games(results);
        const bool will_kill = figures.kills < settings.kills && recorded < settings.games * 2 / 3;
        const double lifetime = kill_after(random);
        if (!will_kill) figures.games_before_last_run = recorded;
        // Kills tear an end only when they hit a write; one torn end is made for sure, as a
        // power loss would leave it, so that every soak run sees a repair.
        if (figures.runs == 1) figures.torn_by_test = tear_end(results);
        if (figures.runs > 0 && fs::exists(results / "games.pdn") && has_torn_end(results)) {
            ++figures.torn_ends;
            if (has_torn_ledger(results)) ++figures.torn_ledgers;
        }
        HarnessProcess harness(args, dir / "harness.log");
        ++figures.runs;
        const auto run_start = Clock::now();
        int max_descriptors = 0;
        bool killed = false;
        while (!harness.exited()) {
            max_descriptors = std::max(max_descriptors, harness.open_descriptors());
            // The first run makes the folder; only a folder with its config can be resumed.
            const bool resumable = figures.runs > 1 || fs::exists(results / "config.yaml");
            if (will_kill && resumable && seconds_since(run_start) >= lifetime) {
                harness.kill();
                killed = true;
                break;
            }
            if (seconds_since(run_start) > 1200) {
                harness.kill();
                ADD_FAILURE() << "a run took over 20 minutes";
                return figures;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        figures.max_descriptors = std::max(figures.max_descriptors, max_descriptors);
        if (killed) {
            ++figures.kills;
            const std::vector<pid_t> left = leftovers_after(tag, 5.0);
            EXPECT_TRUE(left.empty()) << left.size() << " processes outlived the harness killed "
                                      << "after " << lifetime << " s (run " << figures.runs << ")";
            ++figures.leftover_checks;
            if (!left.empty()) return figures;
            continue;
        }
        figures.kill_phase_seconds = seconds_since(start) - seconds_since(run_start);
        figures.max_final_descriptors = max_descriptors;
        EXPECT_TRUE(WIFEXITED(harness.status()) && WEXITSTATUS(harness.status()) == 0)
            << "the last run ended with wait status " << harness.status() << "; its log ends:\n"
            << tail_of(dir / "harness.log", 4000);
        const std::vector<pid_t> left = leftovers_after(tag, 5.0);
        EXPECT_TRUE(left.empty()) << left.size() << " processes outlived the finished match";
        break;
    }
    figures.total_seconds = seconds_since(start);
    return figures;
}

TEST(Soak, KilledAndResumedMatchLosesNoGame) {
    const SoakSettings settings = soak_settings_from_environment();
    std::printf(
        "soak: seed %llu, %d games, %d kills (SOAK_SEED=%llu SOAK_GAMES=%d SOAK_KILLS=%d "
        "repeats this set-up)\n",
        static_cast<unsigned long long>(settings.seed), settings.games, settings.kills,
        static_cast<unsigned long long>(settings.seed), settings.games, settings.kills);
    std::fflush(stdout);
    const fs::path dir =
        fs::temp_directory_path() /
        ("draughts-soak-" + std::to_string(::getpid()) + "-" + std::to_string(settings.seed));
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::create_symlink(testing::draughts_binary(), dir / "draughts-hub");
    const fs::path config = dir / "soak.yaml";
    const fs::path results = dir / "results";
    std::ofstream(config) << soak_match_yaml(settings, results, dir / "draughts-hub", dir.string());
    const int own_descriptors = own_open_descriptors();

    const LoopFigures loop = kill_and_resume(settings, dir, config, results);
    ASSERT_FALSE(::testing::Test::HasFailure());
    const ResultFigures figures = verify_results(results, settings.games);
    EXPECT_EQ(own_open_descriptors(), own_descriptors) << "the test itself leaked descriptors";
    // A harness leaking one descriptor per game would pass these bounds within one run.
    EXPECT_LE(loop.max_descriptors, 64);
    // What is printed below, asserted: every run but the last was killed, each kill was followed
    // by a clean scan, the torn end made by the test was found, and every resume that found a
    // torn games.jsonl said which lines it dropped (the final checks above show they were cut).
    EXPECT_EQ(loop.runs, loop.kills + 1);
    EXPECT_EQ(loop.leftover_checks, loop.kills);
    if (loop.torn_by_test) {
        EXPECT_GE(loop.torn_ends, 1);
        EXPECT_GE(loop.torn_ledgers, 1);
    }
    EXPECT_EQ(count_of(tail_of(dir / "harness.log", std::string::npos), "draughts match: dropped "),
              loop.torn_ledgers)
        << "resumes that reported the lines they dropped";

    std::printf(
        "soak: %d games (%d in the last, uninterrupted run), %d runs, %d SIGKILLs, "
        "%d resumes (%d found a torn end to repair), %d scans for leftover processes "
        "(all clean)\n",
        figures.games, figures.games - loop.games_before_last_run, loop.runs, loop.kills,
        loop.runs - 1, loop.torn_ends, loop.leftover_checks);
    std::printf(
        "soak: %.1f s in total, %.1f s while killing; at most %d descriptors open in a "
        "harness (%d in the last run)\n",
        loop.total_seconds, loop.kill_phase_seconds, loop.max_descriptors,
        loop.max_final_descriptors);
    std::printf("soak: endings:");
    for (const auto& [termination, count] : figures.terminations)
        std::printf(" %s %d", termination.c_str(), count);
    std::printf("\n");
    if (!::testing::Test::HasFailure()) fs::remove_all(dir);
}

}  // namespace
}  // namespace draughts::soak
