// `draughts spsa` end to end (issue 37): a mock Hub engine that plays worse the further its two
// parameters are from a known optimum is tuned there from far away (acceptance 1); the
// trajectory is the same at any concurrency and after kill -9 and --resume (acceptance 4); bad
// input is named by file, line and engine, and an engine that refuses a value stops the run with
// exit 2 and loses nothing played (acceptance 6); the outputs are written.

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "common/json.hpp"
#include "spsa/spsa_state.hpp"
#include "system/process/process.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::spsa {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::read_text;
using testing::RunResult;

class SpsaCommand : public ::testing::Test {
  protected:
    fs::path write(const std::string& name, const std::string& text) const {
        return folder_.write(name, text);
    }
    RunResult run(std::vector<std::string> args) const {
        args.insert(args.begin(), "spsa");
        return testing::run_draughts(dir_, args);
    }
    SpsaState state(const std::string& run_dir) const {
        auto s = read_state(dir_ / run_dir / kStateFile);
        EXPECT_TRUE(s) << s.error().message;
        return s ? *s : SpsaState{};
    }

    testing::TempFolder folder_{"draughts-spsa"};
    const fs::path dir_ = folder_.path();
};

/// The mock engine of hub_tunable.cpp (optimum x 60, y 1.5), started far from it.
std::string tunable_config(const std::string& extra_args = "", int iterations = 200) {
    return "event: optimum\n"
           "engine: {name: tunable, kind: hub, reconfigure: live, command: " +
           testing::mock_binary("hub_tunable").string() + ", args: [--nodes, '150'" + extra_args +
           "]}\n"
           "parameters:\n"
           "  - {name: x, type: int, start: 15, min: 0, max: 100, c_end: 6, r_end: 0.05}\n"
           "  - {name: y, type: float, start: -3.5, min: -5, max: 5, c_end: 0.6, r_end: 0.05}\n"
           "iterations: " +
           std::to_string(iterations) +
           "\npairs: 2\nwindow: 4\nseed: 3\nconcurrency: 2\ntime_control: nodes=150\n"
           "adjudication: {max_moves: 60, resign: {moves: 1, score: 1.5}}\n";
}

/// The built-in engine at a fixed node count, with a search and an evaluation parameter.
std::string builtin_config(int iterations) {
    return "event: small\n"
           "engine: {name: mine, kind: builtin, hash: 2}\n"
           "parameters:\n"
           "  - {name: search.aspiration_window, start: 125, min: 20, max: 400, c_end: 30, "
           "r_end: 0.005}\n"
           "  - {name: tempo.mg, start: 60, min: 0, max: 200, c_end: 15, r_end: 0.005}\n"
           "iterations: " +
           std::to_string(iterations) +
           "\npairs: 2\nwindow: 3\nseed: 11\ntime_control: nodes=400\n"
           "adjudication: {max_moves: 80}\n";
}

TEST_F(SpsaCommand, FindsTheKnownOptimumOfAMockEngine) {
    const fs::path file = write("optimum.yaml", tunable_config());
    const RunResult r = run({file.string(), "--output", "optimum", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const SpsaState s = state("optimum");
    ASSERT_EQ(s.applied, 200);
    const std::vector<double>& theta = s.recent.back();
    // Started at x 15, y -3.5 (45 and 5 away): the optimum is x 60, y 1.5. Seeds 3 to 7 end
    // within 8 of x and 0.8 of y.
    EXPECT_NEAR(theta[0], 60.0, 12.0) << "x";
    EXPECT_NEAR(theta[1], 1.5, 1.2) << "y";
    EXPECT_TRUE(fs::exists(dir_ / "optimum" / "final.yaml"));
    EXPECT_TRUE(fs::exists(dir_ / "optimum" / "report.html"));
    EXPECT_FALSE(fs::exists(dir_ / "optimum" / "weights.yaml")) << "a Hub engine has no weights";
    const Json summary =
        parse_json(read_text(dir_ / "optimum" / "summary.json"), "summary").value();
    EXPECT_EQ(summary.at("state"), "completed");
    EXPECT_EQ(summary.at("games"), 800);
}

TEST_F(SpsaCommand, TheTrajectoryDoesNotDependOnTheConcurrency) {
    const fs::path file = write("small.yaml", builtin_config(8));
    ASSERT_EQ(run({file.string(), "--output", "one", "--concurrency", "1", "--quiet"}).exit_code,
              0);
    ASSERT_EQ(run({file.string(), "--output", "three", "--concurrency", "3", "--quiet"}).exit_code,
              0);
    EXPECT_EQ(read_text(dir_ / "one" / kCsvFile), read_text(dir_ / "three" / kCsvFile));
    EXPECT_EQ(state("one").recent, state("three").recent);
    // The built-in engine's tuned evaluation weight is in its weight file too.
    const std::string weights = read_text(dir_ / "one" / "weights.yaml");
    EXPECT_NE(weights.find("tempo: {mg: "), std::string::npos) << weights;
}

TEST_F(SpsaCommand, AResumeAfterKillMinusNineEndsWhereAnUninterruptedRunEnds) {
    const fs::path file = write("small.yaml", builtin_config(30));
    ASSERT_EQ(run({file.string(), "--output", "whole", "--concurrency", "2", "--quiet"}).exit_code,
              0);
    harness::ProcessOptions options;
    options.argv = {testing::draughts_binary().string(), "spsa",          file.string(), "--output",
                    (dir_ / "killed").string(),          "--concurrency", "2",           "--quiet"};
    auto process = harness::Process::spawn(options);
    ASSERT_TRUE(process) << process.error().message;
    // Kill it in the middle of an iteration: some iterations applied, pairs of later ones
    // recorded or being played.
    const auto give_up = std::chrono::steady_clock::now() + 120s;
    const fs::path state_file = dir_ / "killed" / kStateFile;
    while (std::chrono::steady_clock::now() < give_up && (*process)->running()) {
        const auto s = read_state(state_file);
        if (s && s->applied >= 6) break;
        std::this_thread::sleep_for(5ms);
    }
    ASSERT_TRUE((*process)->running()) << "the run ended before it was killed";
    (*process)->send_signal(SIGKILL);
    (*process)->kill();
    ASSERT_LT(state("killed").applied, 30);
    const RunResult resumed = run({"--resume", (dir_ / "killed").string(), "--quiet"});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_EQ(read_text(dir_ / "killed" / kCsvFile), read_text(dir_ / "whole" / kCsvFile));
    EXPECT_EQ(state("killed").recent, state("whole").recent);
    EXPECT_EQ(read_text(dir_ / "killed" / "final.yaml"), read_text(dir_ / "whole" / "final.yaml"));
}

TEST_F(SpsaCommand, BadParametersAreNamedByFileLineAndEngine) {
    const struct {
        std::string config;
        std::string message;
    } table[] = {
        {"engine: {name: tunable, kind: hub, command: " +
             testing::mock_binary("hub_tunable").string() +
             "}\nparameters:\n  - {name: z, start: 1, min: 0, max: 2, c_end: 1, r_end: 0.1}\n",
         "bad.yaml:3:5: parameters[0]: engine 'tunable' (hub): parameter 'z' is not a parameter "
         "of the engine"},
        {"parameters:\n  - {name: search.aspiration_window, start: 900, min: 20, max: 400, "
         "c_end: 20, r_end: 0.1}\n",
         "parameters[0].start: start 900 is outside [min, max] = [20, 400]"},
        {"parameters:\n  - {name: search.aspiration_window, start: 100, min: 400, max: 20, "
         "c_end: 20, r_end: 0.1}\n",
         "parameters[0].max: max (20) must be above min (400)"},
        {"parameters:\n  - {name: search.aspiration_window, start: 100, min: 20, max: 400, "
         "c_end: 0, r_end: 0.1}\n",
         "parameters[0].c_end: c_end must be above 0"},
    };
    for (const auto& row : table) {
        const fs::path file = write("bad.yaml", row.config);
        const RunResult r = run({file.string(), "--output", "bad"});
        EXPECT_EQ(r.exit_code, 2) << row.config;
        EXPECT_NE(r.err.find(row.message), std::string::npos)
            << "got: " << r.err << "\nwanted: " << row.message;
        EXPECT_FALSE(fs::exists(dir_ / "bad")) << "nothing is created for a bad configuration";
    }
}

TEST_F(SpsaCommand, AnEngineThatRefusesAValueStopsTheRunWithNothingPlayedLost) {
    // The mock accepts 24 set-param lines, then refuses every other one: after a dozen pairs.
    const fs::path file = write("refuses.yaml", tunable_config(", --refuse-after, '24'", 40));
    const RunResult r =
        run({file.string(), "--output", "refused", "--quiet", "--concurrency", "1"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("(engine_error): the engine reported an error after `set-param`"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("refused"), std::string::npos) << r.err;
    const SpsaState s = state("refused");
    EXPECT_GT(s.applied, 0);
    EXPECT_LT(s.applied, 40);
    // Every pair played is in games/, every applied iteration in spsa.csv.
    const std::string csv = read_text(dir_ / "refused" / kCsvFile);
    EXPECT_EQ(static_cast<int>(std::count(csv.begin(), csv.end(), '\n')), s.applied + 1);
    const std::string games = read_text(dir_ / "refused" / "games" / "games.jsonl");
    EXPECT_GE(static_cast<int>(std::count(games.begin(), games.end(), '\n')), 4 * s.applied);
    const Json summary =
        parse_json(read_text(dir_ / "refused" / "summary.json"), "summary").value();
    EXPECT_EQ(summary.at("state"), "failed");
    EXPECT_EQ(summary.at("applied"), s.applied);
}

TEST_F(SpsaCommand, AResumeRefusesEditedSettingsAndChangedInputs) {
    const fs::path weights =
        write("w.yaml", read_text(testing::source_dir() / "configs" / "engines" / "default.yaml"));
    const fs::path file = write(
        "w.yaml.spsa",
        "engine: {name: mine, kind: builtin, weights: " + weights.string() +
            "}\nparameters: [{name: tempo.mg, start: 6, min: 0, max: 100, c_end: 5, r_end: 0.01}]\n"
            "iterations: 2\ntime_control: nodes=200\nadjudication: {max_moves: 40}\n");
    ASSERT_EQ(run({file.string(), "--output", "run", "--quiet"}).exit_code, 0);
    const RunResult concurrency = run({"--resume", (dir_ / "run").string(), "--set", "pairs=3"});
    EXPECT_EQ(concurrency.exit_code, 2);
    EXPECT_NE(concurrency.err.find("only the concurrency may change"), std::string::npos)
        << concurrency.err;
    write("w.yaml", read_text(weights) + "\n# edited\n");
    const RunResult changed = run({"--resume", (dir_ / "run").string()});
    EXPECT_EQ(changed.exit_code, 2);
    EXPECT_NE(changed.err.find("input files changed since the run started"), std::string::npos)
        << changed.err;
    EXPECT_NE(changed.err.find("w.yaml"), std::string::npos) << changed.err;
}

}  // namespace
}  // namespace draughts::spsa
