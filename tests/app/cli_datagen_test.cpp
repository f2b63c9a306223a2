// The real `draughts datagen`: self-play through the tournament runner into PDN games and a data
// set, distinct openings, the sampling options, determinism across concurrency, resume (which
// samples again without replaying), errors, and a data set that `draughts tune` accepts.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "rules/pdn.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"
#include "tuner/dataset.hpp"

namespace draughts::tuner {
namespace {

namespace fs = std::filesystem;

using testing::read_text;
using testing::RunResult;

class DatagenCli : public ::testing::Test {
  protected:
    void SetUp() override {
        const fs::path book = testing::source_dir() / "configs/openings/3move.fen";
        std::ofstream(dir_ / "datagen.yaml")
            << "games: 6\nconcurrency: 1\nnodes: 300\nhash: 1\n"
            << "openings: {file: " << book.string() << ", random_plies: 2, check_depth: 2}\n"
            << "adjudication: {max_moves: 60}\n"
            << "sampling: {skip_plies: 4, max_per_game: 5, max_score: 4}\n";
    }
    /// Runs `draughts ARGS...` in the test's folder.
    RunResult run(const std::vector<std::string>& args) const {
        return testing::run_draughts(dir_, args);
    }

    testing::TempFolder folder_{"draughts_datagen_cli"};
    const fs::path dir_ = folder_.path();
};

TEST_F(DatagenCli, WritesGamesOpeningsAndSampledPositions) {
    const RunResult r = run({"datagen", "datagen.yaml", "--output", "run", "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
    const auto games = rules::read_pdn_file(dir_ / "run/match/games.pdn");
    ASSERT_TRUE(games);
    EXPECT_EQ(games->games.size(), 6u);
    EXPECT_TRUE(games->errors.empty());
    // Three distinct openings, one per colour-swapped pair.
    std::set<std::string> openings;
    std::istringstream lines(read_text(dir_ / "run/openings.fen"));
    for (std::string line; std::getline(lines, line);)
        if (!line.empty() && line[0] != '#') openings.insert(line);
    EXPECT_EQ(openings.size(), 3u);
    const auto data = load_dataset(dir_ / "run/positions.txt");
    ASSERT_TRUE(data) << data.error().message;
    EXPECT_GT(data->samples.size(), 6u);
    EXPECT_LE(data->samples.size(), 30u);
    for (const Sample& s : data->samples) {
        ASSERT_TRUE(s.ply && s.score);
        EXPECT_GE(*s.ply, 4);
        EXPECT_LE(std::abs(*s.score), 4000);
    }
}

// The variant reaches the match configuration, its games are played with the variant's rules and
// the data set records it.
TEST_F(DatagenCli, BrazilianRunWritesABrazilianDataSet) {
    std::ofstream(dir_ / "brazilian.yaml")
        << "variant: brazilian\ngames: 4\nconcurrency: 1\nnodes: 300\nhash: 1\n"
        << "openings: {random_plies: 2, check_depth: 2}\nadjudication: {max_moves: 60}\n"
        << "sampling: {skip_plies: 2, max_per_game: 5}\n";
    const RunResult r = run({"datagen", "brazilian.yaml", "--output", "run", "--quiet"});
    EXPECT_NE(read_text(dir_ / "run/match/config.yaml").find("variant: brazilian"),
              std::string::npos);
    ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
    EXPECT_EQ(*read_dataset_variant(dir_ / "run/positions.txt"), rules::Variant::Brazilian);
    const auto data = load_dataset<rules::Brazilian>(dir_ / "run/positions.txt");
    ASSERT_TRUE(data) << data.error().message;
    EXPECT_FALSE(data->samples.empty());
}

// Without random plies the initial position is the only opening: a second pair would replay the
// first pair's games move for move. The run stops before playing, names the most games it can
// play, and leaves the folder free for the same command with fewer games.
TEST_F(DatagenCli, TooFewDistinctOpeningsForThePairsIsAnErrorBeforePlaying) {
    std::ofstream(dir_ / "one-opening.yaml")
        << "games: 4\nconcurrency: 1\nnodes: 300\nhash: 1\n"
        << "openings: {random_plies: 0, max_score: 0}\nadjudication: {max_moves: 40}\n";
    const RunResult r = run({"datagen", "one-opening.yaml", "--output", "run", "--quiet"});
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.err.find("only 1 distinct balanced openings could be drawn for 2 pairs"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("at most 2 games"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir_ / "run/match"));
    const RunResult fewer = run(
        {"datagen", "one-opening.yaml", "--output", "run", "--games", "2", "--json", "--quiet"});
    ASSERT_EQ(fewer.exit_code, 0) << fewer.err;
    EXPECT_NE(fewer.out.find("\"repeated_pairs\":0"), std::string::npos) << fewer.out;
}

TEST_F(DatagenCli, SameDataForAnyConcurrency) {
    ASSERT_EQ(run({"datagen", "datagen.yaml", "--output", "one", "--quiet"}).exit_code, 0);
    ASSERT_EQ(run({"datagen", "datagen.yaml", "--output", "two", "--quiet", "--concurrency", "2"})
                  .exit_code,
              0);
    EXPECT_EQ(read_text(dir_ / "one/positions.txt"), read_text(dir_ / "two/positions.txt"));
    EXPECT_EQ(read_text(dir_ / "one/openings.fen"), read_text(dir_ / "two/openings.fen"));
}

TEST_F(DatagenCli, ResumeSamplesAgainWithoutReplaying) {
    ASSERT_EQ(run({"datagen", "datagen.yaml", "--output", "run", "--quiet"}).exit_code, 0);
    const std::string jsonl = read_text(dir_ / "run/match/games.jsonl");
    const auto first = load_dataset(dir_ / "run/positions.txt");
    ASSERT_TRUE(first) << first.error().message;
    // Up to 5 positions from each of the 6 games: more than one per game, so that the resumed
    // run's at most 6 shows that it sampled again.
    ASSERT_GT(first->samples.size(), 6u);
    const RunResult again = run({"datagen", "datagen.yaml", "--output", "run", "--quiet"});
    EXPECT_EQ(again.exit_code, 2);
    EXPECT_NE(again.err.find("--resume"), std::string::npos) << again.err;
    const RunResult resumed = run(
        {"datagen", "--resume", "run", "--set", "sampling.max_per_game=1", "--json", "--quiet"});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_EQ(read_text(dir_ / "run/match/games.jsonl"), jsonl);
    const auto data = load_dataset(dir_ / "run/positions.txt");
    ASSERT_TRUE(data);
    EXPECT_LE(data->samples.size(), 6u);
    const std::string last =
        resumed.out.substr(resumed.out.rfind('\n', resumed.out.size() - 2) + 1);
    const auto json = parse_json(last, "last line");
    ASSERT_TRUE(json) << resumed.out;
    EXPECT_EQ(json->value("type", ""), "datagen");
    const RunResult refused = run({"datagen", "--resume", "run", "--set", "games=10"});
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("only concurrency"), std::string::npos) << refused.err;
}

TEST_F(DatagenCli, ConfigurationErrorsNameTheKey) {
    const RunResult odd = run({"datagen", "datagen.yaml", "--games", "5"});
    EXPECT_EQ(odd.exit_code, 2);
    EXPECT_NE(odd.err.find("--games 5"), std::string::npos) << odd.err;
    EXPECT_NE(odd.err.find("even"), std::string::npos) << odd.err;
    const RunResult typo = run({"datagen", "datagen.yaml", "--set", "sampling.max_per_gam=3"});
    EXPECT_NE(typo.err.find("did you mean 'max_per_game'"), std::string::npos) << typo.err;
}

TEST_F(DatagenCli, TuneAcceptsTheGeneratedData) {
    ASSERT_EQ(run({"datagen", "datagen.yaml", "--output", "run", "--quiet"}).exit_code, 0);
    std::ofstream(dir_ / "tune.yaml") << "data: run/positions.txt\noutput: tuned\nthreads: 1\n"
                                         "epochs: 2\nk: 1\nholdout: 0.2\n";
    const RunResult r = run({"tune", "tune.yaml", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(fs::exists(dir_ / "tuned/weights.yaml"));
}

}  // namespace
}  // namespace draughts::tuner
