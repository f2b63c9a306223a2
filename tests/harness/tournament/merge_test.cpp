// Merging results folders: two halves of a match (shards on different openings) merge into
// exactly the counts and report of the whole; settings that change what games measure are
// refused unless forced; other engines are never merged.

#include "harness/tournament/merge.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness/tournament/match_report.hpp"
#include "harness/tournament/tournament.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;

using testing::read_text;

class MergeTest : public ::testing::Test {
  protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() /
                ("draughts-merge-test-" + std::to_string(::getpid()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root_);
        fs::create_directories(root_);
    }
    void TearDown() override { fs::remove_all(root_); }

    /// Plays a head-to-head match into root_/name.
    fs::path play(const std::string& name, const std::string& overrides,
                  const std::string& second = "material") {
        const fs::path configs = testing::source_dir() / "configs";
        const std::string yaml =
            "event: shard\ntime_control: nodes=300\nconcurrency: 2\nopenings: {file: " +
            (configs / "openings" / "3move.fen").string() + ", seed: 4}\nengines:\n" +
            "  - {name: default, weights: " + (configs / "engines" / "default.yaml").string() +
            "}\n  - {name: " + second +
            ", weights: " + (configs / "engines" / "material.yaml").string() + "}\n";
        std::vector<ConfigAssignment> sets;
        std::istringstream words(overrides);
        for (std::string word; words >> word;) sets.push_back(*parse_assignment(word, word));
        const auto config = parse_match_config(yaml, name, root_, sets);
        EXPECT_TRUE(config) << config.error().message;
        const fs::path dir = root_ / name;
        auto folder = ResultsFolder::create(dir, to_yaml(*config));
        EXPECT_TRUE(folder);
        auto t = Tournament::create(*config, *folder, {}, nullptr, nullptr);
        EXPECT_TRUE(t) << t.error().message;
        EXPECT_EQ((*t)->run().end, RunEnd::Completed);
        return dir;
    }

    fs::path root_;
};

TEST_F(MergeTest, TwoHalvesMergeIntoTheWhole) {
    const fs::path whole = play("whole", "tournament.games=8");
    const fs::path first = play("first", "tournament.games=4");
    const fs::path second = play("second", "tournament.games=4 openings.start=2");
    const auto all = merge_results({whole}, false);
    const auto halves = merge_results({first, second}, false);
    ASSERT_TRUE(all) << all.error().message;
    ASSERT_TRUE(halves) << halves.error().message;
    EXPECT_TRUE(halves->warnings.empty());
    EXPECT_EQ(halves->standings.games(), 8);
    EXPECT_EQ(halves->standings.counts(0), all->standings.counts(0));
    const auto sprt = make_sprt({true, 0.0, 5.0, 0.05, 0.05, SprtModel::Normalized});
    ASSERT_TRUE(sprt);
    EXPECT_EQ(dump_json(to_json(make_report(halves->standings, &**sprt))),
              dump_json(to_json(make_report(all->standings, &**sprt))));

    const fs::path out = root_ / "merged";
    ASSERT_TRUE(write_merged(*halves, out, Json::object()));
    const auto merged_run = read_results(out);
    ASSERT_TRUE(merged_run) << merged_run.error().message;
    EXPECT_EQ(merged_run->pairs.size(), 4u);
    EXPECT_EQ(read_text(out / kPdnFile),
              read_text(first / kPdnFile) + read_text(second / kPdnFile));
    // The merged folder merges again to the same counts.
    const auto again = merge_results({out}, false);
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(again->standings.counts(0), all->standings.counts(0));
}

TEST_F(MergeTest, RefusesAnotherTimeControlUnlessForced) {
    const fs::path a = play("a", "tournament.games=2");
    const fs::path b = play("b", "tournament.games=2 time_control=nodes=400 openings.start=1");
    const auto refused = merge_results({a, b}, false);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("time control differs (nodes=300 v nodes=400)"),
              std::string::npos)
        << refused.error().message;
    const auto forced = merge_results({a, b}, true);
    ASSERT_TRUE(forced) << forced.error().message;
    EXPECT_EQ(forced->standings.games(), 4);
    ASSERT_EQ(forced->warnings.size(), 1u);
}

TEST_F(MergeTest, NeverMergesOtherEngines) {
    const fs::path a = play("a", "tournament.games=2");
    const fs::path b = play("b", "tournament.games=2", "baseline");
    const auto refused = merge_results({a, b}, true);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("never mergeable"), std::string::npos);
}

TEST_F(MergeTest, NotesFoldersThatPlayedTheSameOpenings) {
    const fs::path a = play("a", "tournament.games=2");
    const fs::path b = play("b", "tournament.games=2");
    const auto merged = merge_results({a, b}, false);
    ASSERT_TRUE(merged) << merged.error().message;
    ASSERT_EQ(merged->warnings.size(), 1u);
    EXPECT_NE(merged->warnings[0].find("plays the same openings"), std::string::npos);
}

}  // namespace
}  // namespace draughts::harness
