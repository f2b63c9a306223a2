// A match whose engine cannot start is an error, not a string of forfeits (issue 13, items 1 and
// 6), through the real program: exit status 2, a message naming the engine, its command line,
// the phase and its last lines of stderr, no game counted and no results folder left behind; and
// `--check` loads everything a run needs (book, weights) without creating anything.

#include <gtest/gtest.h>
#include <sys/stat.h>

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

class MatchStartup : public ::testing::Test {
  protected:
    RunResult match(std::vector<std::string> args) const {
        args.insert(args.begin(), "match");
        return testing::run_draughts(dir_.path(), args);
    }
    /// A shell script engine in the test folder.
    std::string script(const std::string& name, const std::string& body) const {
        const fs::path file = dir_.write(name, "#!/bin/sh\n" + body);
        ::chmod(file.c_str(), 0755);
        return file.string();
    }
    bool exists(const std::string& name) const { return fs::exists(dir_.path() / name); }

    testing::TempFolder dir_{"match_startup"};
};

struct StartupCase {
    std::string name;
    std::vector<std::string> engine;  ///< --engine settings of the engine that cannot start
    std::string expected;             ///< part of the message
};

class EngineThatCannotStart : public MatchStartup,
                              public ::testing::WithParamInterface<StartupCase> {};

TEST_P(EngineThatCannotStart, FailsTheRunWithStatus2AndLeavesNothing) {
    std::vector<std::string> args{"--engine", "name=good"};
    args.emplace_back("--engine");
    for (const auto& setting : GetParam().engine) args.push_back(setting);
    for (const char* more : {"--each", "tc=nodes=100", "--games", "4", "--output", "out"})
        args.emplace_back(more);
    const RunResult r = match(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("engine 'broken' could not start"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(GetParam().expected), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("\n  command: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("no game was played; removed"), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("Elo"), std::string::npos) << "no report without games:\n" << r.out;
    EXPECT_FALSE(exists("out")) << "the same command must be retryable";
}

TEST_F(MatchStartup, ABannerInsteadOfWaitIsQuotedWithTheEnginesLastLines) {
    const RunResult r = match({"--engine", "name=wrapbot", "proto=hub",
                               "cmd=" + testing::mock_binary("hub_bestmove").string(),
                               "args=--banner 'WrapBot 1.0 by me' --stderr 'loading nets'",
                               "timeouts.handshake=0.5", "--engine", "name=builtin", "--each",
                               "tc=nodes=100", "--games", "2", "--output", "out"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("engine 'wrapbot' could not start (starting the engine)"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("\n  ignored from the engine: `WrapBot 1.0 by me`; expected `id`, "
                         "`param` or `wait`"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("\n  its last lines on stdout: `WrapBot 1.0 by me`"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("\n  its last lines on stderr: `loading nets`"), std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("it wrote nothing on stderr"), std::string::npos) << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, EngineThatCannotStart,
    ::testing::Values(
        StartupCase{"ExitsAtOnce", {"name=broken", "proto=hub", "cmd=/bin/false"}, "exited"},
        // Slower than a progress interval (1 s) to fail: still no progress line of 0 games.
        StartupCase{"ExitsAfterASecondAndAHalf",
                    {"name=broken", "proto=hub", "cmd=/bin/sh", "args=-c 'sleep 1.5'"},
                    "exited"},
        StartupCase{"PrintsGarbage",
                    {"name=broken", "proto=hub", "cmd=/bin/echo", "args=hello there"},
                    "starting the engine"},
        StartupCase{"UnknownHubParameter",
                    {"name=broken", "proto=hub", "cmd=" + testing::draughts_binary().string(),
                     "args=hub", "option.no-such-param=1"},
                    "declares no parameter 'no-such-param'"},
        StartupCase{"HubParameterAboveItsDeclaredMaximum",
                    {"name=broken", "proto=hub", "cmd=" + testing::draughts_binary().string(),
                     "args=hub", "option.hash=99999999"},
                    "parameter 'hash': 99999999 is above the declared maximum 65536 (declared: "
                    "type=int min=1 max=65536)"},
        StartupCase{"HubParameterOfTheWrongType",
                    {"name=broken", "proto=hub", "cmd=" + testing::draughts_binary().string(),
                     "args=hub", "option.move-overhead=fast"},
                    "parameter 'move-overhead': 'fast' is not a number"},
        StartupCase{"HubParameterNotAmongItsValues",
                    {"name=broken", "proto=hub", "cmd=" + testing::draughts_binary().string(),
                     "args=hub", "option.variant=turkish"},
                    "'turkish' is not one of the declared values (normal brazilian russian "
                    "killer bt losing english pool frisian frysk)"},
        StartupCase{
            "PrintsABannerInsteadOfWait",
            {"name=broken", "proto=hub", "cmd=" + testing::mock_binary("hub_bestmove").string(),
             "args=--banner 'WrapBot 1.0 by me' --stderr 'loading nets'", "timeouts.handshake=0.5"},
            "no `wait` within 0.5 s of `hub`\n  command: "},
        StartupCase{"HubEngineWithAMissingWeightFile",
                    {"name=broken", "proto=hub", "cmd=" + testing::draughts_binary().string(),
                     "args=hub --weights /no/such/weights.yaml"},
                    "/no/such/weights.yaml: cannot open for reading"}),
    [](const ::testing::TestParamInfo<StartupCase>& test) { return test.param.name; });

TEST_F(MatchStartup, TheMessageShowsTheCommandAndTheLastStderrLines) {
    const std::string engine = script("engine.sh",
                                      "echo 'loading book.bin' >&2\n"
                                      "echo 'fatal: book.bin: no such file' >&2\nexit 3\n");
    const RunResult r =
        match({"--engine", "name=good", "--engine", "name=broken", "proto=hub", "cmd=" + engine,
               "args=--book 'my book.bin'", "--each", "tc=nodes=100", "--output", "out"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("engine 'broken' could not start (starting the engine)"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("command: " + engine + " --book 'my book.bin'"), std::string::npos)
        << r.err;
    EXPECT_NE(
        r.err.find(
            "\n  its last lines on stderr: `loading book.bin` | `fatal: book.bin: no such file`"),
        std::string::npos)
        << r.err;
    EXPECT_FALSE(exists("out"));
}

TEST_F(MatchStartup, CheckLoadsTheBookAndCreatesNothing) {
    dir_.write("book.fen", "W:W31-50:B1-20\nnot a position\n");
    const RunResult bad = match({"--engine", "name=a", "--engine", "name=b", "--openings",
                                 "book.fen", "--output", "out", "--check"});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("book.fen:2"), std::string::npos) << bad.err;
    EXPECT_FALSE(exists("out"));
    // The same mistake without --check fails the same way, before creating the folder.
    const RunResult run = match(
        {"--engine", "name=a", "--engine", "name=b", "--openings", "book.fen", "--output", "out"});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("book.fen:2"), std::string::npos) << run.err;
    EXPECT_FALSE(exists("out"));

    dir_.write("book.fen", "W:W31-50:B1-20\n");
    const RunResult good = match({"--engine", "name=a", "--engine", "name=b", "--openings",
                                  "book.fen", "--output", "out", "--check"});
    EXPECT_EQ(good.exit_code, 0) << good.err;
    EXPECT_NE(good.out.find("1 openings in the book"), std::string::npos) << good.out;
    EXPECT_FALSE(exists("out"));
}

TEST_F(MatchStartup, CheckLoadsTheWeightFiles) {
    dir_.write("w.yaml", "man: [1000, 1000]\nnot weights at all: {\n");
    const RunResult r = match({"--engine", "name=a", "weights=w.yaml", "--engine", "name=b",
                               "--output", "out", "--check"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("engine 'a'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("w.yaml"), std::string::npos) << r.err;
    EXPECT_FALSE(exists("out"));
}

// No false independence (issue 13, item 3): without an opening book every pair of a node-limited
// match of identical engines would play the same games. The default book is the built-in
// balanced book; with the initial position only, the repeats are warned about once, counted, and
// the report notes that its error bars are too narrow.
TEST_F(MatchStartup, TheDefaultBookGivesDistinctPairsAndRepeatsAreWarnedAbout) {
    const auto summary_of = [&](const std::string& folder) {
        const auto parsed =
            parse_json(testing::read_text(dir_.path() / folder / "summary.json"), "summary.json");
        EXPECT_TRUE(parsed) << parsed.error().message;
        return parsed ? *parsed : Json{};
    };
    const RunResult booked = match({"--engine", "name=a", "--engine", "name=b", "--each",
                                    "tc=nodes=150", "--games", "6", "--output", "booked"});
    ASSERT_EQ(booked.exit_code, 0) << booked.err;
    EXPECT_EQ(booked.out.find("warning"), std::string::npos) << booked.out;
    EXPECT_EQ(summary_of("booked").at("pairs_distinct"), 3);
    EXPECT_NE(testing::read_text(dir_.path() / "booked" / "config.yaml")
                  .find("file: \"builtin:3move-balanced\""),
              std::string::npos);

    const RunResult initial =
        match({"--engine", "name=a", "--engine", "name=b", "--each", "tc=nodes=150", "--games", "6",
               "--openings", "builtin:initial", "--output", "initial"});
    ASSERT_EQ(initial.exit_code, 0) << initial.err;
    const std::string all = initial.out + initial.err;
    const std::string warning = "played exactly the games of an earlier pair";
    ASSERT_NE(all.find(warning), std::string::npos) << all;
    EXPECT_EQ(all.find(warning, all.find(warning) + 1), std::string::npos) << "warned once";
    const Json summary = summary_of("initial");
    EXPECT_EQ(summary.at("pairs"), 3);
    EXPECT_EQ(summary.at("pairs_distinct"), 1);
    EXPECT_EQ(summary.at("encounters").at(0).at("pairs_distinct"), 1);
    // The report says the error bars count independent pairs that are not.
    EXPECT_NE(all.find("Note: only 1 of 3 pairs are distinct"), std::string::npos) << all;
    EXPECT_EQ(booked.out.find("Note: only"), std::string::npos) << booked.out;
}

}  // namespace
}  // namespace draughts::harness
