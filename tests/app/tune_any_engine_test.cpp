// Data and fits for engines other than the built-in one (issue 37, work item 5): `draughts
// datagen` with a Hub engine's games, `draughts dataset label` with a Hub engine's scores, and
// `draughts tune` on a trace (its weights as a named list, and a report).

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"
#include "tuner/dataset.hpp"

namespace draughts::tuner {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::RunResult;

class TuneAnyEngine : public ::testing::Test {
  protected:
    RunResult run(const std::vector<std::string>& args) const {
        return testing::run_draughts(dir_, args);
    }
    std::string mock() const { return testing::mock_binary("hub_tunable").string(); }

    testing::TempFolder folder_{"draughts_tune_any"};
    const fs::path dir_ = folder_.path();
};

TEST_F(TuneAnyEngine, DatagenPlaysItsGamesWithAHubEngine) {
    folder_.write("datagen.yaml",
                  "games: 4\nconcurrency: 1\nnodes: 100\n"
                  "engine: {name: mine, kind: hub, command: " +
                      mock() +
                      "}\n"
                      "openings: {random_plies: 2, check_depth: 2}\n"
                      "adjudication: {max_moves: 40}\n"
                      "sampling: {skip_plies: 2, max_per_game: 5, max_score: 4}\n");
    const RunResult r = run({"datagen", "datagen.yaml", "--output", "run", "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
    const std::string games = read_text(dir_ / "run/match/games.jsonl");
    EXPECT_NE(games.find("\"white\":\"engine-a\""), std::string::npos);
    const std::string log = read_text(dir_ / "run/match/engines.log");
    EXPECT_NE(log.find("recv: go think"), std::string::npos) << "the mock played";
    const auto data = load_dataset(dir_ / "run/positions.txt");
    ASSERT_TRUE(data) << data.error().message;
    EXPECT_FALSE(data->samples.empty());
}

TEST_F(TuneAnyEngine, DatasetLabelScoresEverySampleWithAHubEngine) {
    folder_.write("in.txt",
                  "W:W31-50:B1-20 0.5\n"
                  "B:W28,32,33:B12,19,K23 1\n"
                  "W:W32,33:B12,19 0\n");
    const RunResult r =
        run({"dataset", "label", "in.txt", "out.txt", "--engine", "name=mine", "cmd=" + mock(),
             "proto=hub", "--nodes", "200", "--concurrency", "2", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json report = parse_json(r.out, "out").value();
    EXPECT_EQ(report.at("labelled"), 3);
    const auto data = load_dataset(dir_ / "out.txt");
    ASSERT_TRUE(data) << data.error().message;
    ASSERT_EQ(data->samples.size(), 3u);
    for (const Sample& s : data->samples) EXPECT_TRUE(s.score.has_value());
    // White's point of view: Black, a king up, is better in the second position.
    EXPECT_LT(*data->samples[1].score, 0);
    // A broken engine fails with the sample and the engine named.
    const RunResult broken =
        run({"dataset", "label", "in.txt", "bad.txt", "--engine", "name=dead",
             "cmd=" + testing::mock_binary("hub_crash").string(), "proto=hub", "--nodes", "100"});
    EXPECT_EQ(broken.exit_code, 2);
    EXPECT_NE(broken.err.find("dead"), std::string::npos) << broken.err;
}

TEST_F(TuneAnyEngine, TuneFitsATraceAndWritesNamedWeights) {
    std::string trace = "draughts-trace 1\nterms 2\nterm a 800\nterm b -300\n";
    // Outcomes that favour a's holder and disfavour b's: enough to fit something sensible.
    for (int i = 0; i < 400; ++i) {
        const int a = i % 5 - 2;
        const int b = (i / 5) % 3 - 1;
        const bool white = (a * 3 - b + (i % 7) - 3) > 0;
        trace += std::string(white ? "1" : (i % 11 == 0 ? "0.5" : "0")) +
                 " a:" + std::to_string(a) + " 1:" + std::to_string(b) + "\n";
    }
    folder_.write("trace.txt", trace);
    folder_.write("tune.yaml",
                  "trace: trace.txt\noutput: run\nepochs: 30\nlearning_rate: 10\nholdout: 0.1\n");
    const RunResult r = run({"tune", "tune.yaml"});
    ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
    const std::string weights = read_text(dir_ / "run/weights.yaml");
    EXPECT_NE(weights.find("\na: "), std::string::npos) << weights;
    EXPECT_NE(weights.find("\nb: "), std::string::npos) << weights;
    const std::string report = read_text(dir_ / "run/report.html");
    EXPECT_NE(report.find("Weights of"), std::string::npos);
    // A damaged trace is named with its line.
    folder_.write("trace.txt", "draughts-trace 1\nterms 2\nterm a\nterm b\n1 c:1\n");
    folder_.write("tune.yaml", "trace: trace.txt\noutput: run2\n");
    const RunResult bad = run({"tune", "tune.yaml"});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("trace.txt:5: unknown term 'c'"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace draughts::tuner
