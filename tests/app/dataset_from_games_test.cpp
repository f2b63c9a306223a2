// `draughts dataset from-games RESULTS_DIR` through the real program (issue 41): the games of a
// match of a Hub engine (the example engine of examples/) become a data set in the tuner's text
// form that `draughts tune` reads; and folders without games are errors that name them.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"
#include "tuner/dataset.hpp"

namespace draughts::app {
namespace {

namespace fs = std::filesystem;
using testing::RunResult;

class DatasetFromGames : public ::testing::Test {
  protected:
    RunResult run(const std::vector<std::string>& args) const {
        return testing::run_draughts(dir_.path(), args);
    }
    /// A match of the example Hub engine against the built-in engine, in `games`.
    void play_match() const {
        const std::string example = (testing::build_dir() / "examples" / "hub-engine").string();
        const RunResult r = run({"match", "--engine", "name=example", "proto=hub", "cmd=" + example,
                                 "option.depth=2", "--engine", "name=builtin", "--each",
                                 "tc=nodes=500", "--games", "4", "--output", "games", "--quiet"});
        ASSERT_EQ(r.exit_code, 0) << r.err;
    }

    testing::TempFolder dir_{"dataset_from_games"};
};

TEST_F(DatasetFromGames, AHubEnginesGamesBecomeADataSetThatTuneReads) {
    ASSERT_NO_FATAL_FAILURE(play_match());
    const RunResult sampled = run({"dataset", "from-games", "games", "-o", "data.txt",
                                   "--skip-plies", "4", "--max-per-game", "0", "--json"});
    ASSERT_EQ(sampled.exit_code, 0) << sampled.err;
    const auto report = parse_json(sampled.out, "stdout");
    ASSERT_TRUE(report) << sampled.out;
    EXPECT_EQ(report->at("games"), 4);
    EXPECT_EQ(report->at("variant"), "international");
    const auto dataset = tuner::load_dataset(dir_.path() / "data.txt");
    ASSERT_TRUE(dataset) << dataset.error().message;
    ASSERT_EQ(static_cast<double>(dataset->samples.size()), report->at("samples").get<double>());
    EXPECT_GT(dataset->samples.size(), 20u) << "four whole games, every position past ply 4";
    std::size_t scored = 0;
    for (const tuner::Sample& s : dataset->samples)
        if (s.score) ++scored;
    EXPECT_GT(scored, 0u) << "the engines' scores label the positions";

    dir_.write("tune.yaml", "data: data.txt\noutput: run\nthreads: 1\nepochs: 2\nholdout: 0.2\n");
    const RunResult tune = run({"tune", "tune.yaml", "--json"});
    ASSERT_EQ(tune.exit_code, 0) << tune.err;
    const std::string first_line = tune.out.substr(0, tune.out.find('\n'));
    const auto data = parse_json(first_line, "stdout");
    ASSERT_TRUE(data) << tune.out;
    EXPECT_EQ(data->at("event"), "data") << first_line;
    EXPECT_TRUE(fs::exists(dir_.path() / "run" / "weights.yaml"));
}

TEST_F(DatasetFromGames, TheDefaultOutputIsInTheFolder) {
    ASSERT_NO_FATAL_FAILURE(play_match());
    const RunResult sampled = run({"dataset", "from-games", "games"});
    ASSERT_EQ(sampled.exit_code, 0) << sampled.err;
    EXPECT_NE(sampled.out.find("games: 4 games -> games/positions.txt: "), std::string::npos)
        << sampled.out;
    EXPECT_TRUE(tuner::load_dataset(dir_.path() / "games" / "positions.txt"));
}

TEST_F(DatasetFromGames, AFolderWithoutGamesIsAnError) {
    fs::create_directories(dir_.path() / "empty");
    const RunResult r = run({"dataset", "from-games", "empty"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("empty"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("\n", r.err.find('\n') + 1), std::string::npos) << "one message";
}

}  // namespace
}  // namespace draughts::app
