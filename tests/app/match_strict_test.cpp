// Visible forfeits and strict mode (issue 13, item 2): the progress line, the report and
// summary.json show forfeits by kind and per engine; with strict mode any forfeit fails the run
// with its own exit status (3) after the games are recorded, so that a CI job never passes on a
// verdict over crashed engines.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;
using testing::RunResult;

class MatchStrict : public ::testing::Test {
  protected:
    /// A match of the built-in engine against a Hub engine that crashes after its second move,
    /// four games at 100 nodes; `extra` are more options.
    RunResult crashing_match(const std::string& output, std::vector<std::string> extra) const {
        std::vector<std::string> args{"match",
                                      "--engine",
                                      "name=builtin",
                                      "--engine",
                                      "name=crashy",
                                      "proto=hub",
                                      "cmd=" + testing::mock_binary("hub_crash").string(),
                                      "args=--after 2",
                                      "--each",
                                      "tc=nodes=100",
                                      "--games",
                                      "4",
                                      "--output",
                                      output};
        args.insert(args.end(), extra.begin(), extra.end());
        return testing::run_draughts(dir_.path(), args);
    }
    std::string jsonl_of(const std::string& output) const {
        return testing::read_text(dir_.path() / output / "games.jsonl");
    }

    testing::TempFolder dir_{"match_strict"};
};

TEST_F(MatchStrict, AForfeitFailsAStrictRunAfterItsGamesAreRecorded) {
    const RunResult strict = crashing_match("strict", {"--strict"});
    EXPECT_EQ(strict.exit_code, 3) << strict.err;
    EXPECT_NE(strict.err.find("strict: games were forfeited (crash "), std::string::npos)
        << strict.err;
    // The games are recorded and counted all the same.
    EXPECT_NE(jsonl_of("strict").find("\"termination\":\"crash\""), std::string::npos);
    const auto summary =
        parse_json(testing::read_text(dir_.path() / "strict" / "summary.json"), "summary.json");
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_EQ(summary->at("games"), 4);

    const RunResult lenient = crashing_match("lenient", {});
    EXPECT_EQ(lenient.exit_code, 0) << lenient.err;
    EXPECT_EQ(lenient.err.find("strict"), std::string::npos) << lenient.err;
}

TEST_F(MatchStrict, ForfeitsShowInProgressReportAndSummaryPerEngine) {
    const RunResult r = crashing_match("visible", {});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string console = r.out + r.err;
    EXPECT_NE(console.find("forfeits: crash "), std::string::npos) << console;
    // All wins by forfeit, two pairs: the exact bound (below zero) says nothing yet, so "n/a",
    // never "+/- inf" or a regularisation artefact (stats/estimate.hpp, elo_text).
    EXPECT_NE(console.find("Elo: n/a"), std::string::npos) << console;
    EXPECT_EQ(console.find("inf"), std::string::npos) << console;
    // The report's termination table: the crashing engine lost all four games by crash.
    EXPECT_NE(console.find("Terminations of crashy:"), std::string::npos) << console;
    EXPECT_NE(console.find("crash (forfeit)      0      0      4"), std::string::npos) << console;
    const auto summary =
        parse_json(testing::read_text(dir_.path() / "visible" / "summary.json"), "summary.json");
    ASSERT_TRUE(summary) << summary.error().message;
    const Json& table = summary->at("engine_terminations");
    EXPECT_EQ(table.at("crashy").at("crash").at("losses"), 4) << table;
    EXPECT_EQ(table.at("builtin").at("crash").at("wins"), 4) << table;
    EXPECT_EQ(summary->at("terminations").at("crash"), 4);
}

TEST_F(MatchStrict, AStrictRunWithoutForfeitsSucceedsAndTheKeyWorksInYaml) {
    dir_.write("match.yaml",
               "strict: true\ntime_control: nodes=100\nengines:\n  - {name: a}\n  - {name: b}\n");
    const RunResult r = testing::run_draughts(
        dir_.path(), {"match", "match.yaml", "--games", "2", "--output", "out", "--json"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find("strict_failure"), std::string::npos) << r.out;
    EXPECT_EQ((r.out + r.err).find("forfeits:"), std::string::npos) << "none to show";
}

}  // namespace
}  // namespace draughts::harness
