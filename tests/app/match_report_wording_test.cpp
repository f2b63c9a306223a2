// What a reader of a match's output sees (issue 41), through the real program: each engine's own
// time control in the text report, summary.json and report.html (not the unused match default);
// an event named after the engines; states in words; a note when every pair split 1-1 (a
// deterministic engine against itself); and the `schema` key of summary.json and games.jsonl.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::app {
namespace {

namespace fs = std::filesystem;
using testing::RunResult;

class MatchWording : public ::testing::Test {
  protected:
    RunResult match(std::vector<std::string> args, double timeout = 120.0) const {
        args.insert(args.begin(), "match");
        return testing::run_draughts(dir_.path(), args, testing::StderrMode::Separate, timeout);
    }
    Json summary(const std::string& folder) const {
        const auto json =
            parse_json(testing::read_text(dir_.path() / folder / "summary.json"), "summary.json");
        EXPECT_TRUE(json) << json.error().message;
        return json ? *json : Json();
    }
    std::string file(const std::string& path) const {
        return testing::read_text(dir_.path() / path);
    }

    testing::TempFolder dir_{"match_wording"};
};

TEST_F(MatchWording, EachEnginesOwnTimeControlIsReportedEverywhere) {
    const RunResult r = match({"--engine", "name=a", "tc=nodes=300", "--engine", "name=b",
                               "tc=nodes=400", "--games", "2", "--output", "out"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Time control: a nodes=300, b nodes=400\n"), std::string::npos) << r.out;
    const Json s = summary("out");
    EXPECT_EQ(s.at("time_control"), "a nodes=300, b nodes=400");
    EXPECT_EQ(s.at("engines")[0].at("time_control"), "nodes=300");
    EXPECT_EQ(s.at("engines")[1].at("time_control"), "nodes=400");
    const std::string html = file("out/report.html");
    EXPECT_NE(html.find("Time control a nodes=300, b nodes=400;"), std::string::npos);
    EXPECT_EQ(html.find("10+0.1"), std::string::npos) << "the match default is played by nobody";
}

TEST_F(MatchWording, TheSameOwnTimeControlIsReportedOnce) {
    const RunResult r = match({"--engine", "name=a", "--engine", "name=b", "--each", "tc=nodes=300",
                               "--games", "2", "--output", "out"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Time control: nodes=300\n"), std::string::npos) << r.out;
    EXPECT_EQ(summary("out").at("time_control"), "nodes=300");
    EXPECT_NE(file("out/report.html").find("Time control nodes=300;"), std::string::npos);
}

TEST_F(MatchWording, TheEventIsNamedAfterTheEnginesAndTheStateIsInWords) {
    const RunResult r = match({"--engine", "name=wrapbot", "tc=nodes=300", "--engine",
                               "name=builtin", "tc=nodes=200", "--games", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::string folder;
    for (const auto& entry : fs::directory_iterator(dir_.path() / "results"))
        folder = entry.path().filename().string();
    EXPECT_EQ(folder.rfind("wrapbot-vs-builtin-", 0), 0u) << folder;
    const Json s = summary("results/" + folder);
    EXPECT_EQ(s.at("event"), "wrapbot-vs-builtin");
    EXPECT_EQ(s.at("state"), "completed");
    const std::string html = file("results/" + folder + "/report.html");
    EXPECT_NE(html.find("<title>Match: wrapbot v builtin</title>"), std::string::npos);
    EXPECT_EQ(html.find("Match match"), std::string::npos);
    EXPECT_NE(html.find("data-state=\"completed\">completed: every game was played</span>"),
              std::string::npos);
}

TEST_F(MatchWording, EveryPairSplitOneOneGetsANoteInTheTextAndTheReport) {
    // The built-in engine against itself at the same node count: each opening's game is played
    // twice, colours swapped, so every pair splits 1-1.
    const RunResult r = match({"--engine", "name=a", "--engine", "name=b", "--each", "tc=nodes=200",
                               "--games", "12", "--output", "out"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Note: every pair split 1-1"), std::string::npos) << r.out;
    EXPECT_NE(file("out/report.html").find("data-note=\"split-pairs\">Note: every pair split 1-1"),
              std::string::npos);
}

TEST_F(MatchWording, SummaryAndGamesCarryTheirSchemaVersion) {
    const RunResult r = match({"--engine", "name=a", "--engine", "name=b", "--each", "tc=nodes=200",
                               "--games", "2", "--output", "out"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(summary("out").at("schema"), 1);
    const std::string games = file("out/games.jsonl");
    EXPECT_EQ(testing::count_occurrences(games, "{\"schema\":1,\"pair\":"), 2u) << games;
}

}  // namespace
}  // namespace draughts::app
