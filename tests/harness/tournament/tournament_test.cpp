// The tournament runner with in-process engines: every scheduled pair is played and recorded,
// games.pdn and games.jsonl agree game for game, results do not depend on the concurrency, a
// resumed run plays only what is missing, and the SPRT stops a run early.

#include "harness/tournament/tournament.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "harness/config/match_config.hpp"
#include "records/game_line.hpp"
#include "rules/pdn.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;

class TournamentTest : public ::testing::Test {
  protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() /
                ("draughts-tournament-test-" + std::to_string(::getpid()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root_);
        fs::create_directories(root_);
    }
    void TearDown() override { fs::remove_all(root_); }

    /// Two built-in engines (default v material weights) at a fixed node count on the shipped
    /// three-move book.
    std::string engines_yaml() const {
        const fs::path engines = testing::source_dir() / "configs" / "engines";
        return "engines:\n  - {name: default, weights: " + (engines / "default.yaml").string() +
               "}\n  - {name: material, weights: " + (engines / "material.yaml").string() + "}\n";
    }
    MatchConfig config(const std::string& extra) const {
        const std::string yaml =
            "event: test\ntime_control: nodes=300\nopenings: {file: " +
            (testing::source_dir() / "configs" / "openings" / "3move.fen").string() +
            ", order: random, seed: 11}\n" + extra + engines_yaml();
        auto parsed = parse_match_config(yaml, "test.yaml", root_, {});
        EXPECT_TRUE(parsed) << parsed.error().message;
        return parsed ? *parsed : MatchConfig{};
    }

    /// Runs a fresh tournament in `dir`.
    RunOutcome run_fresh(const MatchConfig& c, const fs::path& dir) {
        auto folder = ResultsFolder::create(dir, to_yaml(c));
        EXPECT_TRUE(folder) << folder.error().message;
        if (!folder) return {};
        auto t = Tournament::create(c, *folder, {}, nullptr, nullptr);
        EXPECT_TRUE(t) << t.error().message;
        if (!t) return {};
        return (*t)->run();
    }

    fs::path root_;
};

const std::string& text_of(const Json& object, const char* key) {
    return object.at(key).get_ref<const std::string&>();
}

std::string game_signature(const Json& line) {
    std::string s = text_of(line, "white") + " " + text_of(line, "black") + " " +
                    text_of(line, "result") + " " + text_of(line, "termination") + " " +
                    text_of(line, "start_fen") + ":";
    for (const Json& move : line.at("moves")) s += " " + text_of(move, "move");
    return s;
}

/// Pair index -> signatures of its two games.
std::map<std::uint64_t, std::string> signatures(const StoredRun& run) {
    std::map<std::uint64_t, std::string> out;
    for (const auto& pair : run.pairs)
        out[pair[0].pair] = game_signature(pair[0].line) + " | " + game_signature(pair[1].line);
    return out;
}

TEST_F(TournamentTest, PlaysAndRecordsEveryPair) {
    const MatchConfig c = config("concurrency: 2\ntournament: {games: 8}\n");
    const RunOutcome outcome = run_fresh(c, root_ / "run");
    EXPECT_EQ(outcome.end, RunEnd::Completed) << outcome.error;
    EXPECT_EQ(outcome.pairs_played, 4);
    const auto run = read_results(root_ / "run");
    ASSERT_TRUE(run) << run.error().message;
    ASSERT_EQ(run->pairs.size(), 4u);
    EXPECT_EQ(run->dropped_lines, 0u);

    // games.pdn holds the same games in the same order as games.jsonl.
    const auto pdn = rules::read_pdn_file(root_ / "run" / kPdnFile);
    ASSERT_TRUE(pdn) << pdn.error().message;
    ASSERT_EQ(pdn->games.size(), 8u);
    std::size_t g = 0;
    for (const auto& pair : run->pairs) {
        for (const StoredGame& game : pair) {
            const auto& tags = pdn->games[g++].tags;
            const auto tag = [&](const std::string& name) {
                for (const auto& t : tags)
                    if (t.name == name) return t.value;
                return std::string();
            };
            EXPECT_EQ(tag("White"), game.line.at("white").get<std::string>());
            EXPECT_EQ(tag("Black"), game.line.at("black").get<std::string>());
            EXPECT_EQ(tag("Result"), game.line.at("result").get<std::string>());
            EXPECT_EQ(tag("Round"), std::to_string(game.line.at("game").get<std::int64_t>() + 1));
        }
        // Colours swapped on the same opening.
        EXPECT_EQ(pair[0].line.at("white").get<std::string>(),
                  pair[1].line.at("black").get<std::string>());
        EXPECT_EQ(pair[0].line.at("start_fen").get<std::string>(),
                  pair[1].line.at("start_fen").get<std::string>());
        EXPECT_EQ(pair[0].line.at("opening_index"), pair[1].line.at("opening_index"));
    }
}

TEST_F(TournamentTest, EveryGameIsAnnouncedWhenItEndsNotOnlyItsPair) {
    // The heartbeat of a run (cluster/match_run.cpp) hears of every game: at 60 s sudden death a
    // game lasts about two minutes and a pair four, and a heartbeat of one minute that heard only
    // of pairs said "no game has finished" while games were finishing.
    const MatchConfig c = config("concurrency: 1\ntournament: {games: 4}\n");
    auto folder = ResultsFolder::create(root_ / "run", to_yaml(c));
    ASSERT_TRUE(folder) << folder.error().message;
    auto t = Tournament::create(c, *folder, {}, nullptr, nullptr);
    ASSERT_TRUE(t) << t.error().message;
    std::mutex mutex;
    std::string events;  // in order: one pair at a time
    const auto event = [&](const char* what) {
        const std::lock_guard lock(mutex);
        events += what;
    };
    (*t)->set_game_ended([&] { event("game "); });
    const RunOutcome outcome = (*t)->run([&](const FinishedPair&) { event("pair "); });
    EXPECT_EQ(outcome.end, RunEnd::Completed) << outcome.error;
    EXPECT_EQ(events, "game game pair game game pair ");
}

TEST_F(TournamentTest, ResultsDoNotDependOnConcurrency) {
    const RunOutcome one =
        run_fresh(config("concurrency: 1\ntournament: {games: 6}\n"), root_ / "one");
    const RunOutcome two =
        run_fresh(config("concurrency: 2\ntournament: {games: 6}\n"), root_ / "two");
    ASSERT_EQ(one.end, RunEnd::Completed);
    ASSERT_EQ(two.end, RunEnd::Completed);
    const auto a = read_results(root_ / "one");
    const auto b = read_results(root_ / "two");
    ASSERT_TRUE(a && b);
    EXPECT_EQ(signatures(*a), signatures(*b));
}

TEST_F(TournamentTest, AResumedRunPlaysOnlyWhatIsMissing) {
    const MatchConfig c = config("tournament: {games: 4}\n");
    ASSERT_EQ(run_fresh(c, root_ / "run").end, RunEnd::Completed);
    const auto whole = read_results(root_ / "run");
    ASSERT_TRUE(whole);
    // Forget the last pair as if the run had been killed before committing it.
    const std::string jsonl_path = (root_ / "run" / kJsonlFile).string();
    fs::resize_file(jsonl_path, dump_json(whole->pairs[0][1].line).size() +
                                    dump_json(whole->pairs[0][0].line).size() + 2 + 10);
    StoredRun stored;
    auto folder = ResultsFolder::open(root_ / "run", stored);
    ASSERT_TRUE(folder) << folder.error().message;
    ASSERT_EQ(stored.pairs.size(), 1u);
    auto t = Tournament::create(c, *folder, stored, nullptr, nullptr);
    ASSERT_TRUE(t) << t.error().message;
    EXPECT_EQ((*t)->pending_pairs(), 1u);
    EXPECT_EQ((*t)->standings().games(), 2);
    const RunOutcome outcome = (*t)->run();
    EXPECT_EQ(outcome.end, RunEnd::Completed);
    EXPECT_EQ(outcome.pairs_played, 1);
    EXPECT_EQ((*t)->standings().games(), 4);
    const auto again = read_results(root_ / "run");
    ASSERT_TRUE(again);
    EXPECT_EQ(signatures(*again), signatures(*whole));
}

TEST_F(TournamentTest, TheSprtStopsARunEarly) {
    // Bounds far apart and wide error rates: the test decides within a few pairs, either way,
    // far before the 100 pairs scheduled; the folder then holds exactly the pairs played.
    const MatchConfig c = config(
        "concurrency: 2\ntournament: {games: 200}\n"
        "sprt: {enabled: true, elo0: -150, elo1: 150, alpha: 0.25, beta: 0.25}\n");
    const RunOutcome outcome = run_fresh(c, root_ / "run");
    EXPECT_TRUE(outcome.end == RunEnd::SprtAcceptedH0 || outcome.end == RunEnd::SprtAcceptedH1)
        << run_end_name(outcome.end) << " " << outcome.error;
    EXPECT_GT(outcome.pairs_played, 0);
    EXPECT_LT(outcome.pairs_played, 100);
    const auto run = read_results(root_ / "run");
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_EQ(static_cast<std::int64_t>(run->pairs.size()), outcome.pairs_played);
}

TEST_F(TournamentTest, RefusesResultsOfAnotherSchedule) {
    ASSERT_EQ(run_fresh(config("tournament: {games: 2}\n"), root_ / "run").end, RunEnd::Completed);
    MatchConfig swapped = config("tournament: {games: 2}\n");
    std::swap(swapped.engines[0], swapped.engines[1]);
    StoredRun stored;
    auto folder = ResultsFolder::open(root_ / "run", stored);
    ASSERT_TRUE(folder);
    const auto t = Tournament::create(swapped, *folder, stored, nullptr, nullptr);
    ASSERT_FALSE(t);
    EXPECT_NE(t.error().message.find("the schedule says"), std::string::npos) << t.error().message;
}

TEST_F(TournamentTest, CountsEveryGameOfARoundRobin) {
    const fs::path engines = testing::source_dir() / "configs" / "engines";
    std::string yaml =
        "time_control: nodes=100\ntournament: {type: round-robin, games: 2}\n"
        "concurrency: 2\nengines:\n";
    for (const char* name : {"a", "b", "c"})
        yaml += "  - {name: " + std::string(name) +
                ", weights: " + (engines / "material.yaml").string() + "}\n";
    const auto c = parse_match_config(yaml, "rr.yaml", root_, {});
    ASSERT_TRUE(c) << c.error().message;
    auto folder = ResultsFolder::create(root_ / "rr", to_yaml(*c));
    ASSERT_TRUE(folder);
    auto t = Tournament::create(*c, *folder, {}, nullptr, nullptr);
    ASSERT_TRUE(t);
    ASSERT_EQ((*t)->run().end, RunEnd::Completed);
    const Standings s = (*t)->standings();
    EXPECT_EQ(s.games(), 6);
    for (std::size_t e = 0; e < 3; ++e) EXPECT_EQ(s.counts(e).games.games(), 2);
    for (std::size_t engine = 0; engine < 3; ++engine) EXPECT_EQ(s.engine_total(engine).games(), 4);
}

}  // namespace
}  // namespace draughts::harness
