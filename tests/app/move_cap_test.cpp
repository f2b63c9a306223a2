// No configuration hangs a match silently (issue 41), through the real program: under node and
// depth limits every move is capped (`move_cap`), a move over the cap forfeits with a message
// that names the cap and quotes what the engine sent instead of a move, and the engine log keeps
// the first lines it sent that were ignored. Every test sets a cap of a second and stops the
// program if it runs for longer than a few caps.

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::app {
namespace {

namespace fs = std::filesystem;
using testing::RunResult;

/// Longest a test lets the program run: far above what its games need (a few caps each), far
/// below a hang.
constexpr double kTestTimeout = 60.0;

class MoveCap : public ::testing::Test {
  protected:
    /// Runs `draughts match ...` with `--output out --quiet` and reports how long it took.
    RunResult match(std::vector<std::string> args) {
        args.insert(args.begin(), "match");
        for (const char* more : {"--output", "out", "--quiet"}) args.emplace_back(more);
        const auto started = std::chrono::steady_clock::now();
        RunResult r =
            testing::run_draughts(dir_.path(), args, testing::StderrMode::Separate, kTestTimeout);
        seconds_ =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return r;
    }
    std::vector<Json> games() const {
        std::vector<Json> out;
        const std::string text = testing::read_text(dir_.path() / "out" / "games.jsonl");
        for (std::size_t begin = 0; begin < text.size();) {
            std::size_t end = text.find('\n', begin);
            if (end == std::string::npos) end = text.size();
            if (auto line = parse_json(text.substr(begin, end - begin), "games.jsonl"))
                out.push_back(*line);
            begin = end + 1;
        }
        return out;
    }
    std::string engine_log() const {
        return testing::read_text(dir_.path() / "out" / "engines.log");
    }
    /// Plays the match of `args`, which must end (not hang) with exit 0 and two games, both
    /// lost on time; their termination texts, for the test to check what they quote.
    std::vector<std::string> forfeit_texts(const std::vector<std::string>& args) {
        const RunResult r = match(args);
        EXPECT_NE(r.exit_code, testing::kTimedOut) << "the match hung:\n" << r.err;
        EXPECT_EQ(r.exit_code, 0) << r.err;
        std::vector<std::string> texts;
        const std::vector<Json> lines = games();
        EXPECT_EQ(lines.size(), 2u) << r.err;
        for (const Json& game : lines) {
            EXPECT_EQ(game.at("termination"), "time_forfeit") << game.dump();
            texts.push_back(game.at("termination_text").get<std::string>());
        }
        return texts;
    }

    testing::TempFolder dir_{"move_cap"};
    double seconds_ = 0.0;
};

/// The arguments of a Hub engine that answers `go` with `bestmove` (tests/mocks/hub_bestmove).
std::vector<std::string> bestmove_engine() {
    return {"--engine", "name=wrapbot", "proto=hub",
            "cmd=" + testing::mock_binary("hub_bestmove").string(), "timeouts.stop=0.2"};
}

TEST_F(MoveCap, AHubEngineThatAnswersBestmoveForfeitsAtTheCapAndTheMessageQuotesIt) {
    std::vector<std::string> args = bestmove_engine();
    for (const char* more : {"--engine", "name=builtin", "--each", "tc=nodes=1000", "--set",
                             "move_cap=1", "--games", "2"})
        args.emplace_back(more);
    const std::vector<std::string> texts = forfeit_texts(args);
    ASSERT_EQ(texts.size(), 2u);
    for (const std::string& text : texts) {
        EXPECT_NE(text.find("exceeded the move cap: no move within 1.000 s under nodes=1000"),
                  std::string::npos)
            << text;
        EXPECT_NE(text.find("ignored from the engine: `bestmove "), std::string::npos) << text;
        EXPECT_NE(text.find("expected `done move=...`"), std::string::npos) << text;
        EXPECT_NE(text.find("its last lines on stdout: "), std::string::npos) << text;
    }
    EXPECT_NE(engine_log().find("# ignored from the engine: `bestmove "), std::string::npos)
        << engine_log();
    EXPECT_LT(seconds_, 20.0) << "two games of one capped move each";
}

TEST_F(MoveCap, UnderAClockTheLossOnTimeQuotesTheIgnoredLine) {
    std::vector<std::string> args = bestmove_engine();
    for (const char* more : {"--engine", "name=builtin", "--each", "tc=1+0.1", "--games", "2"})
        args.emplace_back(more);
    const std::vector<std::string> texts = forfeit_texts(args);
    ASSERT_EQ(texts.size(), 2u);
    for (const std::string& text : texts) {
        EXPECT_NE(text.find("lost on time"), std::string::npos) << text;
        EXPECT_NE(text.find("ignored from the engine: `bestmove "), std::string::npos) << text;
    }
}

TEST_F(MoveCap, ASilentDxpEngineForfeitsAtTheCap) {
    const std::vector<std::string> texts =
        forfeit_texts({"--engine", "name=silent", "proto=dxp",
                       "cmd=" + testing::mock_binary("dxp_normal").string(),
                       "args=--port {port} --think-ms 600000", "--engine", "name=builtin", "--each",
                       "tc=nodes=1000", "--set", "move_cap=1", "--games", "2"});
    ASSERT_EQ(texts.size(), 2u);
    for (const std::string& text : texts) {
        EXPECT_NE(text.find("exceeded the move cap: no move within 1.000 s under nodes=1000"),
                  std::string::npos)
            << text;
        EXPECT_NE(text.find("no move by the deadline"), std::string::npos) << text;
        EXPECT_NE(text.find("its last messages: `A"), std::string::npos) << text;
    }
    EXPECT_LT(seconds_, 20.0) << "two games of one capped move each";
}

TEST_F(MoveCap, TheDefaultIsFiniteAndWrittenToTheConfiguration) {
    const RunResult r = testing::run_draughts(
        dir_.path(), {"match", "--engine", "name=a", "--engine", "name=b", "--check"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("\nmove_cap: 120\n"), std::string::npos) << r.out;
}

TEST_F(MoveCap, MustBePositive) {
    const RunResult r = testing::run_draughts(
        dir_.path(),
        {"match", "--engine", "name=a", "--engine", "name=b", "--set", "move_cap=0", "--check"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("move_cap"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace draughts::app
