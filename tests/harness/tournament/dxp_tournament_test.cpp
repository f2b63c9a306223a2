// DXP engines in the tournament runner (issue 8, acceptances 2 and 3): `draughts dxp` against
// `draughts hub` plays the same games as the built-in engine against itself at a fixed node
// count, and a gauntlet against every misbehaving mock DXP engine is played to the end with each
// fault recorded as the right loss, leaving no process or socket behind.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>

#include "harness/config/match_config.hpp"
#include "harness/tournament/tournament.hpp"
#include "tests/support/process_probe.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;

class DxpTournamentTest : public ::testing::Test {
  protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() /
                ("draughts-dxp-tournament-" + std::to_string(::getpid()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root_);
        fs::create_directories(root_);
    }
    void TearDown() override { fs::remove_all(root_); }

    MatchConfig config(const std::string& yaml) const {
        auto parsed = parse_match_config(yaml, "test.yaml", root_, {});
        EXPECT_TRUE(parsed) << parsed.error().message;
        return parsed ? *parsed : MatchConfig{};
    }

    /// Runs `c` in a fresh folder with a registry of its own; checks that no engine is left.
    StoredRun run(const MatchConfig& c, const std::string& name, RunOutcome* ended = nullptr) {
        const fs::path dir = root_ / name;
        ChildRegistry registry;
        {
            auto folder = ResultsFolder::create(dir, to_yaml(c));
            EXPECT_TRUE(folder) << folder.error().message;
            if (!folder) return {};
            auto t = Tournament::create(c, *folder, {}, &registry, nullptr);
            EXPECT_TRUE(t) << t.error().message;
            if (!t) return {};
            const RunOutcome outcome = (*t)->run();
            if (ended != nullptr) {
                *ended = outcome;
            } else {
                EXPECT_EQ(outcome.end, RunEnd::Completed) << outcome.error;
                EXPECT_EQ(outcome.pairs_unplayable, 0);
            }
        }
        EXPECT_EQ(registry.size(), 0U);
        auto stored = read_results(dir);
        EXPECT_TRUE(stored) << stored.error().message;
        return stored ? *stored : StoredRun{};
    }

    fs::path root_;
};

std::string text(const Json& line, const char* key) { return line.at(key).get<std::string>(); }

/// Pair index -> its two games as "result termination: moves".
std::map<std::uint64_t, std::string> games_of(const StoredRun& run) {
    std::map<std::uint64_t, std::string> out;
    for (const auto& pair : run.pairs) {
        std::string s;
        for (const StoredGame& game : pair) {
            s += text(game.line, "result") + " " + text(game.line, "termination") + ":";
            for (const Json& move : game.line.at("moves")) {
                s += ' ';  // appended in steps: GCC 12 warns falsely on " " + string
                s += text(move, "move");
            }
            s += " | ";
        }
        out[pair[0].pair] = s;
    }
    return out;
}

std::string header(const std::string& extra) {
    return "event: dxp\ntime_control: nodes=300\nopenings: {file: " +
           (testing::source_dir() / "configs" / "openings" / "3move.fen").string() +
           ", order: sequential}\n" + extra;
}

TEST_F(DxpTournamentTest, DxpAgainstHubPlaysTheBuiltinEnginesGames) {
    const std::string draughts = testing::draughts_binary().string();
    const int fds_before = testing::open_fd_count();
    const MatchConfig over_protocols =
        config(header("concurrency: 2\ntournament: {games: 4}\n") +
               "engines:\n  - {name: dxp, kind: dxp, command: " + draughts +
               ", args: [dxp, --connect, \"127.0.0.1:{port}\", --nodes, \"300\"]}\n" +
               "  - {name: hub, kind: hub, command: " + draughts + ", args: [hub]}\n");
    const StoredRun played = run(over_protocols, "protocols");
    EXPECT_EQ(testing::open_fd_count(), fds_before);

    const MatchConfig builtin = config(header("concurrency: 2\ntournament: {games: 4}\n") +
                                       "engines:\n  - {name: a}\n  - {name: b}\n");
    const StoredRun reference = run(builtin, "builtin");
    ASSERT_EQ(played.pairs.size(), 2U);
    EXPECT_EQ(games_of(played), games_of(reference));
    for (const auto& pair : played.pairs)
        for (const StoredGame& game : pair) EXPECT_NE(text(game.line, "termination"), "disconnect");
}

std::string mock(const std::string& name, const std::string& args, const std::string& extra = "") {
    return "  - {name: " + name + ", kind: dxp, command: " + testing::mock_binary(name).string() +
           ", args: [--port, \"{port}\"" + args + "]" + extra + "}\n";
}

TEST_F(DxpTournamentTest, EveryFaultyDxpEngineLosesAndTheGauntletGoesOn) {
    const int fds_before = testing::open_fd_count();
    const MatchConfig c =
        config(header("concurrency: 2\ntournament: {type: gauntlet, games: 2}\n") +
               "engines:\n  - {name: builtin}\n" +
               mock("dxp_disconnect", ", --after, \"1\", --linger, \"1\"") +
               mock("dxp_illegal", ", --after, \"2\"") + mock("dxp_garbage", ", --kind, oversize") +
               mock("dxp_normal", ""));
    const StoredRun played = run(c, "gauntlet");
    EXPECT_EQ(testing::open_fd_count(), fds_before);
    ASSERT_EQ(played.pairs.size(), 4U);

    const std::map<std::string, std::string> expected = {
        {"dxp_disconnect", "disconnect"},
        {"dxp_illegal", "illegal_move"},
        {"dxp_garbage", "malformed_reply"},
    };
    int normal_games = 0;
    for (const auto& pair : played.pairs) {
        for (const StoredGame& game : pair) {
            const std::string white = text(game.line, "white");
            const std::string black = text(game.line, "black");
            const std::string opponent = white == "builtin" ? black : white;
            const std::string termination = text(game.line, "termination");
            if (opponent == "dxp_normal") {
                ++normal_games;
                EXPECT_NE(category_name(TerminationCategory::Forfeit),
                          category_name(category_of(*termination_from_code(termination))));
                continue;
            }
            EXPECT_EQ(termination, expected.at(opponent)) << opponent;
            EXPECT_EQ(text(game.line, "result"), white == "builtin" ? "2-0" : "0-2") << opponent;
        }
    }
    EXPECT_EQ(normal_games, 2);
}

// An engine that never accepts a game cannot start its first one: the run fails before any game
// counts (issue 13, item 1) instead of recording forfeits that look like wins.
TEST_F(DxpTournamentTest, AnEngineThatNeverAcceptsAGameFailsTheRunBeforeAnyGameCounts) {
    const MatchConfig c =
        config(header("tournament: {games: 4}\n") + "engines:\n  - {name: builtin}\n" +
               mock("dxp_no_accept", ", --linger, \"1\"", ", timeouts: {accept_game: 0.3}"));
    RunOutcome outcome;
    const StoredRun played = run(c, "no-accept", &outcome);
    EXPECT_EQ(outcome.end, RunEnd::Failed);
    EXPECT_TRUE(outcome.startup_failure);
    EXPECT_EQ(outcome.pairs_played, 0);
    EXPECT_TRUE(played.pairs.empty());
    EXPECT_NE(
        outcome.error.find("engine 'dxp_no_accept' could not start (starting its first game)"),
        std::string::npos)
        << outcome.error;
    EXPECT_NE(outcome.error.find("command: " + testing::mock_binary("dxp_no_accept").string() +
                                 " --port '{port}' --linger 1"),
              std::string::npos)
        << outcome.error;
}

// Nothing listens where a DXP engine started by someone else should be: the start-up check
// fails the run, naming where it looked.
TEST_F(DxpTournamentTest, AnEngineThatIsNotThereFailsTheRunAtStart) {
    const MatchConfig c = config(header("") +
                                 "engines:\n  - {name: builtin}\n  - {name: away, kind: dxp, "
                                 "connection: connect, port: 1, timeouts: {connect: 0.3}}\n");
    RunOutcome outcome;
    const StoredRun played = run(c, "away", &outcome);
    EXPECT_EQ(outcome.end, RunEnd::Failed);
    EXPECT_TRUE(outcome.startup_failure);
    EXPECT_TRUE(played.pairs.empty());
    EXPECT_NE(outcome.error.find("engine 'away' could not start (starting the engine)"),
              std::string::npos)
        << outcome.error;
    EXPECT_NE(outcome.error.find("(started by someone else, on 127.0.0.1:1)"), std::string::npos)
        << outcome.error;
}

}  // namespace
}  // namespace draughts::harness
