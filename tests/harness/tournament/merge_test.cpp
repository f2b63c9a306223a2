// Merging results folders: two halves of a match (shards on different openings) merge into
// exactly the counts and report of the whole, with games numbered anew and their sources
// recorded; settings that change what games measure are refused unless forced; other engines are
// never merged; no game is counted twice (a folder given twice, folders of one run holding the
// same games, a merged folder with one of its sources).

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

/// PDN text without its Round tags (merged games are numbered anew).
std::string without_round_tags(const std::string& pdn) {
    std::string out;
    std::istringstream lines(pdn);
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("[Round ", 0) != 0) out += line + "\n";
    return out;
}

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

    /// Plays a head-to-head match into root_/name; its config.yaml records a run id unless
    /// `with_run_id` is false (a folder of an older version).
    fs::path play(const std::string& name, const std::string& overrides,
                  const std::string& second = "material", bool with_run_id = true) {
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
        const std::string provenance =
            with_run_id ? provenance_yaml(Provenance{new_run_id(), {}, {}, {}, {}}) : "";
        auto folder = ResultsFolder::create(dir, to_yaml(*config) + provenance);
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
    ASSERT_TRUE(write_merged(*halves, out, Json::object(), merged_provenance(*halves, {})));
    const auto merged_run = read_results(out);
    ASSERT_TRUE(merged_run) << merged_run.error().message;
    EXPECT_EQ(merged_run->pairs.size(), 4u);
    EXPECT_EQ(without_round_tags(read_text(out / kPdnFile)),
              without_round_tags(read_text(first / kPdnFile) + read_text(second / kPdnFile)));
    // The merged folder merges again to the same counts.
    const auto again = merge_results({out}, false);
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(again->standings.counts(0), all->standings.counts(0));
}

TEST_F(MergeTest, MergedGamesAreNumberedAnewAndRecordTheirSource) {
    const fs::path first = play("first", "tournament.games=4");
    const fs::path second = play("second", "tournament.games=4 openings.start=2");
    const auto halves = merge_results({first, second}, false);
    ASSERT_TRUE(halves) << halves.error().message;
    const Provenance provenance = merged_provenance(*halves, {});
    EXPECT_TRUE(is_run_id(provenance.run_id));
    ASSERT_EQ(provenance.merged_from.size(), 2u);
    EXPECT_EQ(provenance.merged_from[1].run_id, halves->folders[1].run_id());
    const fs::path out = root_ / "merged";
    ASSERT_TRUE(write_merged(*halves, out, Json::object(), provenance));
    const auto merged = read_results(out);
    ASSERT_TRUE(merged);
    // Games come in folder order, each folder's pairs in the order they were recorded.
    std::vector<std::pair<std::size_t, const StoredGame*>> sources;
    for (std::size_t f = 0; f < 2; ++f)
        for (const auto& pair : halves->folders[f].run.pairs)
            for (const StoredGame& game : pair) sources.emplace_back(f, &game);
    std::uint64_t number = 0;
    for (const auto& pair : merged->pairs) {
        for (const StoredGame& game : pair) {
            ASSERT_LT(number, sources.size());
            const auto [f, original] = sources[number];
            const Json& source = game.line.at("source");
            EXPECT_EQ(game.line.at("game"), number);
            EXPECT_EQ(game.line.at("pair"), number / 2);
            EXPECT_NE(game.pdn.find("[Round \"" + std::to_string(number + 1) + "\"]"),
                      std::string::npos)
                << game.pdn;
            EXPECT_EQ(source.at("dir"), fs::canonical(f == 0 ? first : second).string());
            EXPECT_EQ(source.at("run_id"), halves->folders[f].run_id());
            EXPECT_EQ(source.at("pair"), original->pair);
            EXPECT_EQ(source.at("pair_game"), original->game);
            EXPECT_EQ(source.at("game"), original->line.at("game"));
            EXPECT_EQ(game.line.at("origin").at("run_id"), halves->folders[f].run_id());
            EXPECT_EQ(game.line.at("origin").at("pair"), original->pair);
            ++number;
        }
    }
    EXPECT_EQ(number, 8u);
    const auto recorded = read_provenance(out / kConfigFile);
    ASSERT_TRUE(recorded && recorded->has_value());
    EXPECT_EQ(**recorded, provenance);
}

TEST_F(MergeTest, AFolderGivenTwiceIsRefusedUnderAnySpelling) {
    const fs::path a = play("a", "tournament.games=2");
    fs::create_directory_symlink(a, root_ / "link");
    for (const fs::path& again : {a, a / ".." / "a", root_ / "link"}) {
        const auto refused = merge_results({a, again}, true);
        ASSERT_FALSE(refused) << again;
        EXPECT_NE(refused.error().message.find("the same folder as " + a.string()),
                  std::string::npos)
            << refused.error().message;
    }
}

TEST_F(MergeTest, FoldersOfOneRunWithTheSameGamesAreRefused) {
    const fs::path a = play("a", "tournament.games=4");
    const fs::path copy = root_ / "copy";
    fs::copy(a, copy, fs::copy_options::recursive);
    const auto refused = merge_results({a, copy}, true);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find(copy.string() + ": holds pair "), std::string::npos)
        << refused.error().message;

    // A merged folder keeps its games' origins: merging it with a source counts nothing twice.
    const fs::path b = play("b", "tournament.games=4 openings.start=2");
    const auto both = merge_results({a, b}, false);
    ASSERT_TRUE(both) << both.error().message;
    const fs::path merged = root_ / "merged";
    ASSERT_TRUE(write_merged(*both, merged, Json::object(), merged_provenance(*both, {})));
    const auto again = merge_results({merged, b}, false);
    ASSERT_FALSE(again);
    const std::string& message = again.error().message;
    EXPECT_EQ(message.rfind(b.string() + ": holds pair ", 0), 0u) << message;
    EXPECT_NE(
        message.find(" of run " + both->folders[1].run_id() + ", and so does " + merged.string()),
        std::string::npos)
        << message;
}

TEST_F(MergeTest, FoldersWithoutRunIdMergeWithAWarning) {
    const fs::path a = play("a", "tournament.games=2", "material", false);
    const fs::path b = play("b", "tournament.games=2 openings.start=1");
    const auto merged = merge_results({a, b}, false);
    ASSERT_TRUE(merged) << merged.error().message;
    EXPECT_EQ(merged->standings.games(), 4);
    ASSERT_EQ(merged->warnings.size(), 1u);
    EXPECT_NE(merged->warnings[0].find(a.string() + ": no run id"), std::string::npos)
        << merged->warnings[0];
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
