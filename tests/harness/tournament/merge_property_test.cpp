// The merge property on real results folders: a simulated run of game pairs is split into two
// shards, each written as a results folder by the code a tournament commits pairs with
// (game_line, to_pdn, ResultsFolder::append_pair); merging the folders must report what the
// whole run reports, where the whole run's counts are tallied here by hand from the simulated
// outcomes, not by the standings or count code under test.

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/portable_random.hpp"
#include "harness/tournament/game_line.hpp"
#include "harness/tournament/match_report.hpp"
#include "harness/tournament/merge.hpp"
#include "harness/tournament/provenance.hpp"
#include "records/pdn_writer.hpp"
#include "records/results_folder.hpp"
#include "stats/stats_json.hpp"
#include "stats/text_report.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;

/// What the first engine ("new") scored in the two games of a pair (game 0: new has White).
using PairOutcome = std::pair<GameOutcome, GameOutcome>;

std::vector<PairOutcome> simulated_pair_outcomes(std::uint64_t seed, int pairs) {
    PortableRandom rng(seed);
    const auto outcome = [&rng] {
        const double u = rng.uniform();
        return u < 0.35 ? GameOutcome::Win : u < 0.7 ? GameOutcome::Draw : GameOutcome::Loss;
    };
    std::vector<PairOutcome> run;
    for (int i = 0; i < pairs; ++i) {
        const GameOutcome first = outcome();
        run.emplace_back(first, outcome());
    }
    return run;
}

/// The configuration of one shard: the same match, on the openings from `start` on.
std::string shard_yaml(std::size_t start) {
    const fs::path configs = testing::source_dir() / "configs";
    return "event: shard\ntime_control: nodes=300\nopenings: {file: " +
           (configs / "openings" / "3move.fen").string() + ", start: " + std::to_string(start) +
           "}\nengines:\n  - {name: new, weights: " +
           (configs / "engines" / "default.yaml").string() +
           "}\n  - {name: old, weights: " + (configs / "engines" / "material.yaml").string() +
           "}\n";
}

/// The record of a game between new and old; `outcome` is new's result.
GameRecord game_record(bool new_is_white, GameOutcome outcome) {
    GameRecord record;
    record.white = new_is_white ? "new" : "old";
    record.black = new_is_white ? "old" : "new";
    record.start = rules::Position::initial();
    if (outcome == GameOutcome::Draw) {
        record.end = {GameResult::Draw, Termination::ThreefoldRepetition, "repetition"};
    } else {
        const bool white_won = (outcome == GameOutcome::Win) == new_is_white;
        record.end = {white_won ? GameResult::WhiteWin : GameResult::BlackWin,
                      Termination::NoPieces, "no pieces"};
    }
    return record;
}

/// Writes run[from, to) as a results folder, pair by pair, as a tournament commits them; each
/// shard is a run of its own (its own run id).
void write_shard(const fs::path& dir, const std::vector<PairOutcome>& run, std::size_t from,
                 std::size_t to) {
    auto folder = ResultsFolder::create(
        dir, shard_yaml(from) + provenance_yaml(Provenance{new_run_id(), {}, {}, {}, {}}));
    ASSERT_TRUE(folder) << folder.error().message;
    for (std::size_t i = from; i < to; ++i) {
        const Pairing pairing{i - from, 0, 0, 0, 1, i - from};
        const std::array<GameRecord, 2> records{game_record(true, run[i].first),
                                                game_record(false, run[i].second)};
        std::array<std::string, 2> pdn{to_pdn(records[0]), to_pdn(records[1])};
        std::array<Json, 2> lines{game_line(records[0], pairing, 0, i),
                                  game_line(records[1], pairing, 1, i)};
        ASSERT_TRUE(folder->append_pair(pdn, lines));
    }
}

/// The whole run counted by hand: games W/D/L and pairs by their two results.
struct HandTally {
    std::int64_t wins = 0, draws = 0, losses = 0;
    std::map<std::pair<GameOutcome, GameOutcome>, std::int64_t> pairs;  // sorted (worse, better)

    std::int64_t pairs_of(GameOutcome a, GameOutcome b) const {
        const auto it = pairs.find(a < b ? std::make_pair(a, b) : std::make_pair(b, a));
        return it == pairs.end() ? 0 : it->second;
    }
};

HandTally tally(const std::vector<PairOutcome>& run) {
    HandTally t;
    for (const auto& [a, b] : run) {
        for (const GameOutcome g : {a, b}) {
            if (g == GameOutcome::Win) ++t.wins;
            if (g == GameOutcome::Draw) ++t.draws;
            if (g == GameOutcome::Loss) ++t.losses;
        }
        ++t.pairs[a < b ? std::make_pair(a, b) : std::make_pair(b, a)];
    }
    return t;
}

TEST(MergeProperty, TwoHalvesReportLikeTheWholeRun) {
    const testing::TempFolder root("merge_property");
    const auto run = simulated_pair_outcomes(2024, 90);
    const std::size_t split = 41;  // uneven halves
    write_shard(root.path() / "first", run, 0, split);
    write_shard(root.path() / "second", run, split, run.size());
    const auto merged = merge_results({root.path() / "first", root.path() / "second"}, false);
    ASSERT_TRUE(merged) << merged.error().message;
    EXPECT_TRUE(merged->warnings.empty());
    ASSERT_EQ(merged->folders.size(), 2u);
    EXPECT_EQ(merged->folders[0].run.pairs.size(), split);
    EXPECT_EQ(merged->folders[1].run.pairs.size(), run.size() - split);

    using G = GameOutcome;
    const HandTally t = tally(run);
    MatchCounts whole;
    whole.paired = true;
    whole.games = Trinomial{t.wins, t.draws, t.losses};
    whole.pairs = Pentanomial{t.pairs_of(G::Loss, G::Loss),
                              t.pairs_of(G::Loss, G::Draw),
                              t.pairs_of(G::Loss, G::Win),
                              t.pairs_of(G::Draw, G::Draw),
                              t.pairs_of(G::Draw, G::Win),
                              t.pairs_of(G::Win, G::Win),
                              0};
    // Every kind of pair occurs, so a pair counted in the wrong bin would show.
    for (const std::int64_t bin : whole.pairs.bins()) EXPECT_GT(bin, 0);
    EXPECT_EQ(merged->standings.pairs(), static_cast<std::int64_t>(run.size()));
    EXPECT_EQ(merged->standings.counts(0), whole);
    const std::map<std::string, std::int64_t> terminations{{"no_pieces", t.wins + t.losses},
                                                           {"threefold_repetition", t.draws}};
    EXPECT_EQ(merged->standings.terminations(), terminations);
    // Per engine: new's wins and losses by no pieces, old's the other way round.
    const TerminationTable new_table{{"no_pieces", {t.wins, 0, t.losses}},
                                     {"threefold_repetition", {0, t.draws, 0}}};
    const TerminationTable old_table{{"no_pieces", {t.losses, 0, t.wins}},
                                     {"threefold_repetition", {0, t.draws, 0}}};
    EXPECT_EQ(merged->standings.engine_terminations(),
              (std::vector<TerminationTable>{new_table, old_table}));

    for (const SprtModel model :
         {SprtModel::Normalized, SprtModel::Logistic, SprtModel::BayesElo}) {
        const auto sprt = Sprt::create({0, 5, 0.05, 0.05, model});
        ASSERT_TRUE(sprt);
        const MatchReport report = make_report(merged->standings, &*sprt);
        ASSERT_EQ(report.encounters.size(), 1u);
        const PairSummary& from_folders = report.encounters[0];
        PairSummary from_tally = summarize("new", "old", whole, &*sprt);
        // Every simulated game is the initial position without moves, so all pairs replay the
        // same games: the merged standings see one distinct pair, and the report says so.
        EXPECT_EQ(from_folders.distinct_pairs, std::optional<std::int64_t>(1));
        from_tally.distinct_pairs = 1;
        EXPECT_NE(format_pair_report(from_folders).find("only 1 of 90 pairs are distinct"),
                  std::string::npos);
        EXPECT_EQ(format_pair_report(from_folders), format_pair_report(from_tally));
        EXPECT_EQ(to_json(from_folders).dump(), to_json(from_tally).dump());
        // The mean score per game, by hand: (W + D/2) / games.
        const double games = static_cast<double>(t.wins + t.draws + t.losses);
        EXPECT_DOUBLE_EQ(
            from_folders.estimate.score,
            (static_cast<double>(t.wins) + 0.5 * static_cast<double>(t.draws)) / games);
    }
}

}  // namespace
}  // namespace draughts::harness
