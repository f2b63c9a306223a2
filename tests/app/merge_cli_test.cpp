// `draughts merge` through the real program (issue 13, item 5): a folder given twice (the same
// path, another spelling, a symbolic link) and folders of one run holding the same games are
// refused with exit status 2 and nothing written; shards of one match merge, the merged games
// get unique ids and PDN Round tags and record where they came from, and the merged folder has
// a run id of its own and records those it came from.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "common/json.hpp"
#include "harness/tournament/provenance.hpp"
#include "records/results_folder.hpp"
#include "rules/pdn.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::RunResult;

class MergeCommand : public ::testing::Test {
  protected:
    RunResult draughts(const std::vector<std::string>& args) const {
        return testing::run_draughts(dir_, args);
    }

    /// Plays a 4-game shard of one head-to-head match (openings from `start`) into `name`.
    fs::path shard(const std::string& name, int start) const {
        const fs::path configs = testing::source_dir() / "configs";
        const fs::path config = folder_.write(
            "m.yaml", "event: shard\ntime_control: nodes=300\nconcurrency: 2\nopenings: {file: " +
                          (configs / "openings" / "3move.fen").string() +
                          "}\nengines:\n  - {name: a, weights: " +
                          (configs / "engines" / "default.yaml").string() +
                          "}\n  - {name: b, weights: " +
                          (configs / "engines" / "material.yaml").string() + "}\n");
        const RunResult r =
            draughts({"match", config.string(), "--games", "4", "--set",
                      "openings.start=" + std::to_string(start), "--output", name, "--quiet"});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return dir_ / name;
    }

    std::string run_id_of(const fs::path& run) const {
        const auto p = read_provenance(run / kConfigFile);
        EXPECT_TRUE(p && p->has_value());
        return p && p->has_value() ? (*p)->run_id : std::string();
    }

    testing::TempFolder folder_{"draughts-merge-cli"};
    const fs::path dir_ = folder_.path();
};

TEST_F(MergeCommand, RefusesAFolderGivenTwice) {
    shard("a", 0);
    fs::create_directory_symlink(dir_ / "a", dir_ / "link");
    for (const std::string& again :
         std::vector<std::string>{"a", "./a/../a", (dir_ / "a").string(), "link"}) {
        const RunResult r = draughts({"merge", "a", again, "--output", "merged"});
        EXPECT_EQ(r.exit_code, 2) << again;
        EXPECT_NE(r.err.find("draughts merge: " + again + ": the same folder as a (given twice"),
                  std::string::npos)
            << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_FALSE(fs::exists(dir_ / "merged")) << "nothing is written";
    }
}

TEST_F(MergeCommand, RefusesFoldersOfOneRunWithTheSameGames) {
    shard("a", 0);
    fs::copy(dir_ / "a", dir_ / "copy", fs::copy_options::recursive);
    const RunResult r = draughts({"merge", "a", "copy", "--output", "merged", "--force"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("copy: holds pair "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(" of run " + run_id_of(dir_ / "a") + ", and so does a"), std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(dir_ / "merged"));
}

TEST_F(MergeCommand, MergedGamesHaveUniqueIdsAndRecordTheirSource) {
    const fs::path a = shard("a", 0);
    const fs::path b = shard("b", 2);
    const std::map<std::string, std::string> run_ids{{fs::canonical(a).string(), run_id_of(a)},
                                                     {fs::canonical(b).string(), run_id_of(b)}};
    const RunResult r = draughts({"merge", "a", "b", "--output", "merged", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const fs::path merged = dir_ / "merged";

    // games.jsonl: ids 0..7, pairs 0..3, each game's source folder, run id and numbers there.
    const auto stored = read_results(merged);
    ASSERT_TRUE(stored) << stored.error().message;
    std::set<std::pair<std::string, std::uint64_t>> sources;
    std::uint64_t id = 0;
    for (const auto& pair : stored->pairs) {
        for (const StoredGame& game : pair) {
            EXPECT_EQ(game.line.at("game"), id);
            EXPECT_EQ(game.line.at("pair"), id / 2);
            const Json& source = game.line.at("source");
            const std::string dir = source.at("dir").get<std::string>();
            ASSERT_EQ(run_ids.count(dir), 1u) << dir;
            EXPECT_EQ(source.at("run_id"), run_ids.at(dir));
            EXPECT_EQ(source.at("pair_game"), game.game);
            EXPECT_EQ(game.line.at("origin").at("run_id"), run_ids.at(dir));
            sources.emplace(dir, source.at("game").get<std::uint64_t>());
            ++id;
        }
    }
    EXPECT_EQ(id, 8u);
    EXPECT_EQ(sources.size(), 8u) << "every source game once";

    // games.pdn: Round tags 1..8, each once.
    const auto pdn = rules::read_pdn_file(merged / kPdnFile);
    ASSERT_TRUE(pdn) << pdn.error().message;
    std::vector<std::string> rounds;
    for (const auto& game : pdn->games)
        for (const auto& tag : game.tags)
            if (tag.name == "Round") rounds.push_back(tag.value);
    EXPECT_EQ(rounds, (std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "8"}));

    // Its own run id, the run ids it came from, and the merge command.
    const auto p = read_provenance(merged / kConfigFile);
    ASSERT_TRUE(p && p->has_value());
    const Provenance& provenance = **p;
    EXPECT_TRUE(is_run_id(provenance.run_id));
    EXPECT_EQ(run_ids.count(provenance.run_id), 0u);
    for (const auto& [dir, run_id] : run_ids) EXPECT_NE(provenance.run_id, run_id);
    ASSERT_EQ(provenance.merged_from.size(), 2u);
    EXPECT_EQ(provenance.merged_from[0].dir, fs::canonical(a).string());
    EXPECT_EQ(provenance.merged_from[0].run_id, run_id_of(a));
    EXPECT_EQ(provenance.merged_from[1].run_id, run_id_of(b));
    ASSERT_EQ(provenance.sessions.size(), 1u);
    EXPECT_EQ(provenance.sessions[0].action, "merged");
    const auto summary = parse_json(read_text(merged / kSummaryFile), "summary.json");
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_EQ(summary->at("provenance").at("run_id"), provenance.run_id);
    EXPECT_EQ(summary->at("folders")[1].at("run_id"), run_id_of(b));

    // The merged folder counts each game once: merging it with a source is refused.
    const RunResult again = draughts({"merge", "merged", "b"});
    EXPECT_EQ(again.exit_code, 2);
    EXPECT_NE(again.err.find("b: holds pair "), std::string::npos) << again.err;
}

}  // namespace
}  // namespace draughts::harness
