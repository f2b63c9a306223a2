// `--shard I/N` and `--stop-file PATH` through the real program (issue 15, item 5): the shards of
// a match play exactly its pairs I, I+N, ... with the games the whole match plays on them, the
// shard is recorded in the provenance and kept by --resume, `merge` adds disjoint shards and
// refuses overlapping ones, and a stop file stops new pairs (a resume finishes the run).

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <map>

#include "common/json.hpp"
#include "harness/tournament/provenance.hpp"
#include "records/results_folder.hpp"
#include "tests/app/played_games.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;
using testing::RunResult;

class MatchShard : public ::testing::Test {
  protected:
    void SetUp() override {
        const fs::path configs = testing::source_dir() / "configs";
        config_ = folder_.write(
            "m.yaml", "event: shards\ntime_control: nodes=300\nconcurrency: 2\nopenings: {file: " +
                          (configs / "openings" / "3move.fen").string() +
                          "}\nengines:\n  - {name: a, weights: " +
                          (configs / "engines" / "default.yaml").string() +
                          "}\n  - {name: b, weights: " +
                          (configs / "engines" / "material.yaml").string() + "}\n");
    }

    RunResult draughts(const std::vector<std::string>& args) const {
        return testing::run_draughts(dir_, args);
    }

    /// Plays the 12-game match (6 pairs) into `name`, with `extra` options; it must end with
    /// `status`.
    fs::path play(const std::string& name, const std::vector<std::string>& extra = {},
                  int status = 0) const {
        std::vector<std::string> args{"match", config_.string(), "--games", "12", "--output",
                                      name,    "--quiet"};
        args.insert(args.end(), extra.begin(), extra.end());
        const RunResult r = draughts(args);
        EXPECT_EQ(r.exit_code, status) << r.err;
        return dir_ / name;
    }

    Json summary(const fs::path& run) const {
        return parse_json(testing::read_text(run / kSummaryFile), "summary.json").value();
    }

    testing::TempFolder folder_{"draughts-shard"};
    const fs::path dir_ = folder_.path();
    fs::path config_;
};

TEST_F(MatchShard, ShardsPlayTheirPairsWithTheGamesOfTheWholeMatch) {
    const auto whole = testing::played_games(play("whole"));
    ASSERT_EQ(whole.size(), 12U);
    std::map<std::uint64_t, std::string> together;
    for (std::uint64_t i = 0; i < 3; ++i) {
        const std::string number = std::to_string(i);
        const std::string shard = fmt::format("{}/3", i);
        const fs::path run = play("s" + number, {"--shard", shard});
        const auto games = testing::played_games(run);
        EXPECT_EQ(games.size(), 4U) << shard;
        for (const auto& [index, text] : games) {
            EXPECT_EQ((index / 2) % 3, i) << "pair of another shard in " << shard;
            EXPECT_EQ(text, whole.at(index)) << "game " << index << " of shard " << shard;
            together.emplace(index, text);
        }
        const auto provenance = read_provenance(run / kConfigFile);
        ASSERT_TRUE(provenance && provenance->has_value());
        ASSERT_TRUE((*provenance)->shard.has_value());
        EXPECT_EQ(to_string(*(*provenance)->shard), shard);
        const Json s = summary(run);
        EXPECT_EQ(s.at("provenance").at("shard"), shard);
        EXPECT_EQ(s.at("state"), "completed");
    }
    EXPECT_EQ(together, whole);
    const RunResult merged = draughts({"merge", "s0", "s1", "s2", "--output", "merged"});
    EXPECT_EQ(merged.exit_code, 0) << merged.err;
    EXPECT_EQ(summary(dir_ / "merged").at("games"), summary(dir_ / "whole").at("games"));
}

TEST_F(MatchShard, MergeRefusesOverlappingShards) {
    play("half", {"--shard", "0/2"});
    play("quarter", {"--shard", "2/4"});  // pairs 2, 6, ...: also in 0/2
    play("other", {"--shard", "1/4"});
    const RunResult r = draughts({"merge", "half", "other", "quarter", "--output", "merged"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("quarter: shard 2/4 overlaps shard 0/2 of half"), std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(dir_ / "merged"));
    const RunResult ok = draughts({"merge", "half", "other", "--output", "merged"});
    EXPECT_EQ(ok.exit_code, 0) << ok.err;
}

TEST_F(MatchShard, BadShardsAreRefused) {
    for (const std::string bad : {"3/3", "1", "a/2", "0/0", "-1/2"}) {
        const RunResult r = draughts({"match", config_.string(), "--shard", bad});
        EXPECT_EQ(r.exit_code, 2) << bad;
        EXPECT_NE(r.err.find("expected I/N"), std::string::npos) << r.err;
    }
}

// A run the stop file ended before its last game has its own exit status, 4
// (docs/exit-statuses.md): 0 would say that every game was played.
TEST_F(MatchShard, AStopFileStopsNewPairsAndResumeKeepsTheShard) {
    const fs::path stop = folder_.write("stop", "");
    const fs::path run = play("s", {"--shard", "1/2", "--stop-file", stop.string()}, 4);
    EXPECT_EQ(summary(run).at("state"), "stopped");
    EXPECT_EQ(testing::played_games(run).size(), 0U);
    // Still there: the resume stops at once too.
    RunResult r = draughts({"match", "--resume", "s", "--stop-file", stop.string(), "--quiet"});
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_NE(r.out.find("Stopped"), std::string::npos) << r.out;
    fs::remove(stop);
    r = draughts({"match", "--resume", "s", "--stop-file", stop.string(), "--quiet"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto games = testing::played_games(run);
    EXPECT_EQ(games.size(), 6U);
    for (const auto& [index, text] : games) EXPECT_EQ((index / 2) % 2, 1U) << index;
    EXPECT_EQ(summary(run).at("state"), "completed");
    EXPECT_EQ(summary(run).at("provenance").at("shard"), "1/2");
}

TEST_F(MatchShard, AStopFileAppearingMidRunLetsRunningPairsFinish) {
    // One game at a time; a watcher makes the file once the first pair is recorded.
    const std::string command =
        "cd " + testing::shell_quote(dir_.string()) +
        " || exit 9; (for i in $(seq 2000); do [ -s run/games.jsonl ] && break; sleep 0.005; "
        "done; touch stop) & " +
        testing::shell_quote(testing::draughts_binary().string()) + " match " +
        testing::shell_quote(config_.string()) +
        " --games 80 --concurrency 1 --quiet --output run --stop-file stop >/dev/null; "
        "status=$?; wait; exit $status";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    ASSERT_EQ(WEXITSTATUS(status), 4) << "stopped before its end";
    const fs::path run = dir_ / "run";
    const auto stopped = testing::played_games(run);
    EXPECT_GE(stopped.size(), 2U);
    EXPECT_LT(stopped.size(), 80U);
    EXPECT_EQ(summary(run).at("state"), "stopped");
    fs::remove(dir_ / "stop");
    const RunResult r = draughts({"match", "--resume", "run", "--quiet"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto all = testing::played_games(run);
    EXPECT_EQ(all.size(), 80U);
    for (const auto& [index, text] : stopped) EXPECT_EQ(all.at(index), text);
}

}  // namespace
}  // namespace draughts::harness
