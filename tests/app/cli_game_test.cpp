// The real `draughts game` command, run as a child process: a game's PDN reads back, --json gives
// one record, --pdn appends to a file, and bad input ends the command with a clear message.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "rules/pdn.hpp"
#include "rules/variant_list.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;

using testing::RunResult;

/// A folder of its own for each test, removed afterwards.
class GameCommand : public ::testing::Test {
  protected:
    /// Runs `draughts game ARGS...` in the test's folder.
    RunResult run(const std::vector<std::string>& args) const {
        std::vector<std::string> all{"game"};
        all.insert(all.end(), args.begin(), args.end());
        return testing::run_draughts(dir_, all);
    }

    testing::TempFolder folder_{"draughts_game"};
    const fs::path dir_ = folder_.path();
};

TEST_F(GameCommand, RussianGameOfTheVariantsWeightsReadsBackAsRussian) {
    const RunResult r =
        run({"--variant", "russian", "--tc", "nodes=300", "--hash", "1", "--white",
             "engine:" + (testing::source_dir() / "configs/engines/russian-default.yaml").string(),
             "--black", "proto=hub", "cmd=" + testing::draughts_binary().string(), "args=hub"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto read = rules::read_pdn<rules::Russian>(r.out, "stdout");
    ASSERT_TRUE(read.errors.empty()) << read.errors.front().message;
    ASSERT_EQ(read.games.size(), 1u);
    EXPECT_EQ(read.games[0].tag("GameType"), "25");
    EXPECT_NE(read.games[0].result, "*");
}

TEST_F(GameCommand, WeightsOfAnotherVariantAreRefused) {
    const RunResult r =
        run({"--variant", "brazilian", "--white",
             "engine:" + (testing::source_dir() / "configs/engines/default.yaml").string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("the weights are for international, but the engine plays "
                         "brazilian"),
              std::string::npos)
        << r.err;
}

TEST_F(GameCommand, EngineGamePrintsPdnThatReadsBack) {
    const RunResult r = run({"--tc", "nodes=500", "--hash", "1", "--black",
                             (testing::source_dir() / "configs/engines/material.yaml").string(),
                             "--event", "cli test"});
    // --black got a bare path: not a player spec.
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("unknown kind"), std::string::npos) << r.err;

    const RunResult ok =
        run({"--tc", "nodes=500", "--hash", "1", "--black",
             "engine:" + (testing::source_dir() / "configs/engines/material.yaml").string(),
             "--event", "cli test"});
    ASSERT_EQ(ok.exit_code, 0) << ok.err;
    const rules::PdnReadResult read = rules::read_pdn(ok.out, "stdout");
    ASSERT_TRUE(read.errors.empty()) << read.errors.front().message;
    ASSERT_EQ(read.games.size(), 1u);
    const rules::PdnGame& game = read.games[0];
    EXPECT_EQ(game.tag("Event"), "cli test");
    EXPECT_EQ(game.tag("TimeControl"), "nodes=500");
    EXPECT_EQ(game.tag("Date").size(), 10u) << game.tag("Date");
    EXPECT_EQ(game.tag("PlyCount"), std::to_string(game.moves.size()));
    EXPECT_NE(game.result, "*");
    EXPECT_NE(ok.err.find(game.result), std::string::npos) << ok.err;  // summary line
}

TEST_F(GameCommand, JsonGivesOneRecord) {
    const RunResult r = run({"--white", "random:5", "--black", "random:6", "--json", "--max-moves",
                             "10", "--fen", "B:W28,31-50:B1-19,23"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    const auto json = parse_json(r.out, "stdout");
    ASSERT_TRUE(json) << json.error().message;
    EXPECT_EQ(json->at("start_fen"), "B:W28,31-50:B1-19,23");
    EXPECT_EQ(json->at("white"), "random:5");
    EXPECT_TRUE(json->at("termination").is_string()) << r.out;
}

TEST_F(GameCommand, GameFromASetUpPositionCarriesSetUpAndFen) {
    const RunResult r = run({"--white", "random:5", "--black", "random:6", "--max-moves", "5",
                             "--fen", "B:W28,31-50:B1-19,23"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const rules::PdnReadResult read = rules::read_pdn(r.out, "stdout");
    ASSERT_EQ(read.games.size(), 1u) << r.out;
    EXPECT_EQ(read.games[0].tag("SetUp"), "1");
    EXPECT_EQ(read.games[0].tag("FEN"), "B:W28,31-50:B1-19,23");
}

TEST_F(GameCommand, PdnOptionAppendsGames) {
    const fs::path file = dir_ / "games.pdn";
    for (const char* seed : {"random:1", "random:2"}) {
        const RunResult r = run({"--white", seed, "--black", "random:9", "--pdn", file.string()});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out.find("[Event"), std::string::npos) << "PDN goes to the file only";
    }
    const auto read = rules::read_pdn_file(file);
    ASSERT_TRUE(read);
    EXPECT_EQ(read->games.size(), 2u);
    EXPECT_TRUE(read->errors.empty());
}

struct BadInput {
    std::vector<std::string> args;
    std::string message_part;
};

class GameCommandInput : public GameCommand, public ::testing::WithParamInterface<BadInput> {};

void PrintTo(const BadInput& c, std::ostream* os) {
    for (const auto& a : c.args) *os << a << ' ';
}

TEST_P(GameCommandInput, FailsWithAClearMessage) {
    const RunResult r = run(GetParam().args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("draughts game: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(GetParam().message_part), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
}

INSTANTIATE_TEST_SUITE_P(
    Args, GameCommandInput,
    ::testing::Values(BadInput{{"--fen", "W:W31-50:B1-20,55"}, "\"55\""},
                      BadInput{{"--fen", "W:W:B1"}, "White has no pieces"},
                      BadInput{{"--fen", "B:W41,47:B36"}, "no legal move"},
                      BadInput{{"--tc", "40/x"}, "base time \"x\""},
                      BadInput{{"--tc", "nodes=0"}, "nodes=0"},
                      BadInput{{"--white", "stockfish"}, "unknown kind \"stockfish\""},
                      BadInput{{"--white", "random:abc"}, "seed"},
                      BadInput{{"--black", "engine:/does/not/exist.yaml"}, "/does/not/exist.yaml"},
                      BadInput{{"--adjudicate-draw", "40,8"}, "expected 3"},
                      BadInput{{"--adjudicate-draw", "40,x,0.1"}, "\"x\""},
                      BadInput{{"--adjudicate-resign", "0,3"}, "resign: moves"},
                      BadInput{{"--margin", "-1"}, "--margin"}));

}  // namespace
}  // namespace draughts::harness
