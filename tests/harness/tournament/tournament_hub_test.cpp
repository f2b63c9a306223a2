// A gauntlet of a well-behaved Hub engine against the misbehaving mock engines, through the
// whole tournament (real processes, pipes, signals): every game ends with the right result and
// reason, the tournament finishes, an engine that died or was killed is restarted for its next
// game (and plays as far as in the first), stderr lands in engines.log, and no child process is
// left behind. And the project's own engine gives the same games as a
// `draughts hub` child process as in-process, at a fixed node count.

#include <dirent.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "harness/config/match_config.hpp"
#include "harness/player/engine_log.hpp"
#include "harness/tournament/tournament.hpp"
#include "records/results_folder.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;

/// Process ids whose parent is this process (children not yet reaped included).
std::vector<pid_t> children_of_this_process() {
    std::vector<pid_t> out;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream stat(entry.path() / "stat");
        std::string text;
        std::getline(stat, text);
        const std::size_t close = text.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(text.substr(close + 2));
        char state = 0;
        long parent = 0;
        rest >> state >> parent;
        if (parent == ::getpid()) out.push_back(static_cast<pid_t>(std::stol(name)));
    }
    return out;
}

struct Expected {
    const char* engine;
    Termination termination;
};

TEST(TournamentWithHubEngines, EveryMisbehaviourLosesWithTheRightReason) {
    const fs::path dir =
        fs::temp_directory_path() / ("draughts-hub-gauntlet-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const auto mock = [](const char* name) { return testing::mock_binary(name).string(); };
    // No healthy step waits on a short timeout, so that a busy machine (the ASan build on two
    // cores) cannot turn a good move into a forfeit: every engine starts with the default
    // handshake and init limits and moves without a clock (nodes), except the two mocks that
    // must be caught by a clock; their good moves (instant) get 1 s each, and only what they do
    // wrong meets the short `stop` limit.
    const std::string untimed = "time_control: nodes=1000";
    const std::string timed = "time_control: movetime=1, timeouts: {stop: 0.3}";
    std::ostringstream yaml;
    yaml << "event: hub-gauntlet\nconcurrency: 3\n"
         << "openings: {file: \"builtin:initial\"}\n"
         << "tournament: {type: gauntlet, games: 2}\nengines:\n"
         << "  - {name: normal, kind: hub, command: " << mock("hub_normal") << ", " << untimed
         << "}\n"
         << "  - {name: crash, kind: hub, command: " << mock("hub_crash")
         << ", args: [--after, '2'], " << untimed << "}\n"
         << "  - {name: hang, kind: hub, command: " << mock("hub_hang")
         << ", args: [--after, '1'], " << timed << "}\n"
         << "  - {name: garbage, kind: hub, command: " << mock("hub_garbage")
         << ", args: [--after, '1'], " << untimed << "}\n"
         << "  - {name: illegal, kind: hub, command: " << mock("hub_illegal")
         << ", args: [--after, '3'], " << untimed << "}\n"
         << "  - {name: ignore-stop, kind: hub, command: " << mock("hub_ignore_stop")
         << ", args: [--after, '1'], " << timed << "}\n";
    const auto config = parse_match_config(yaml.str(), "gauntlet.yaml", dir, {});
    ASSERT_TRUE(config) << config.error().message;
    {
        auto folder = ResultsFolder::create(dir, to_yaml(*config));
        ASSERT_TRUE(folder) << folder.error().message;
        auto log = EngineLog::open(folder->engine_log());
        ASSERT_TRUE(log);
        ChildRegistry registry;
        auto t = Tournament::create(*config, *folder, {}, &registry, log->get());
        ASSERT_TRUE(t) << t.error().message;
        const RunOutcome outcome = (*t)->run();
        EXPECT_EQ(outcome.end, RunEnd::Completed) << outcome.error;
        EXPECT_EQ(outcome.pairs_played, 5);
        EXPECT_EQ(outcome.pairs_unplayable, 0);
        EXPECT_EQ(registry.size(), 0u);
        t->reset();
    }
    EXPECT_TRUE(children_of_this_process().empty());

    const std::map<std::string, Termination> expected = {{"crash", Termination::Crash},
                                                         {"hang", Termination::TimeForfeit},
                                                         {"garbage", Termination::MalformedReply},
                                                         {"illegal", Termination::IllegalMove},
                                                         {"ignore-stop", Termination::TimeForfeit}};
    // Plies of each mock's two games: game 0 with the mock as Black, game 1 as White. A mock
    // misbehaves after its --after moves (game 0: 2 * moves + 1 plies). An engine that died or
    // was killed (crash, hang, ignore-stop) is started again for game 1 and plays as far again
    // (2 * moves plies); one that answered with a bad move (garbage, illegal) is still running,
    // past its --after, and fails at once.
    const std::map<std::string, std::pair<int, int>> plies_as_black_white = {
        {"crash", {5, 4}},
        {"hang", {3, 2}},
        {"ignore-stop", {3, 2}},
        {"garbage", {3, 0}},
        {"illegal", {7, 0}}};
    const auto run = read_results(dir);
    ASSERT_TRUE(run) << run.error().message;
    ASSERT_EQ(run->pairs.size(), 5u);
    std::map<std::string, int> games_lost;
    for (const auto& pair : run->pairs) {
        for (const StoredGame& game : pair) {
            const std::string white = game.line.at("white").get<std::string>();
            const std::string black = game.line.at("black").get<std::string>();
            const bool normal_white = white == "normal";
            const std::string mock_name = normal_white ? black : white;
            ASSERT_TRUE(expected.count(mock_name)) << mock_name;
            EXPECT_EQ(game.line.at("result").get<std::string>(), normal_white ? "2-0" : "0-2")
                << mock_name << ": " << game.line.at("termination_text").get<std::string>();
            EXPECT_EQ(game.line.at("termination").get<std::string>(),
                      termination_code(expected.at(mock_name)))
                << mock_name << ": " << game.line.at("termination_text").get<std::string>();
            const auto [as_black, as_white] = plies_as_black_white.at(mock_name);
            EXPECT_EQ(game.line.at("plies").get<int>(), normal_white ? as_black : as_white)
                << mock_name << " as " << (normal_white ? "Black" : "White") << ": "
                << game.line.at("termination_text").get<std::string>();
            ++games_lost[mock_name];
        }
    }
    for (const auto& [name, termination] : expected) EXPECT_EQ(games_lost[name], 2) << name;
    // The engines' stderr (the mocks echo what they receive) and the harness's notes.
    std::ifstream log_file(dir / kEngineLogFile);
    std::ostringstream log_text;
    log_text << log_file.rdbuf();
    EXPECT_NE(log_text.str().find("recv: hub"), std::string::npos);
    fs::remove_all(dir);
}

// An engine that never answers the handshake is not a string of forfeits but a failed run, before
// any game counts; the error names the engine, its command, the phase and its last stderr lines.
TEST(TournamentWithHubEngines, AnEngineThatNeverStartsFailsTheRunBeforeAnyGame) {
    const fs::path dir =
        fs::temp_directory_path() / ("draughts-hub-no-start-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    const std::string mock = testing::mock_binary("hub_no_handshake").string();
    const auto config = parse_match_config(
        "time_control: movetime=0.2\ntournament: {games: 4}\nengines:\n  - {name: normal}\n"
        "  - {name: mute, kind: hub, command: " +
            mock + ", args: [--tag, x y], timeouts: {handshake: 0.3}}\n",
        "no-start.yaml", dir, {});
    ASSERT_TRUE(config) << config.error().message;
    {
        auto folder = ResultsFolder::create(dir, to_yaml(*config));
        ASSERT_TRUE(folder) << folder.error().message;
        auto log = EngineLog::open(folder->engine_log());
        ASSERT_TRUE(log);
        ChildRegistry registry;
        auto t = Tournament::create(*config, *folder, {}, &registry, log->get());
        ASSERT_TRUE(t) << t.error().message;
        const RunOutcome outcome = (*t)->run();
        EXPECT_EQ(outcome.end, RunEnd::Failed);
        EXPECT_TRUE(outcome.startup_failure);
        EXPECT_EQ(outcome.pairs_played, 0);
        EXPECT_EQ(outcome.pairs_not_started, 2);
        EXPECT_NE(outcome.error.find("engine 'mute' could not start (starting the engine): "),
                  std::string::npos)
            << outcome.error;
        EXPECT_NE(outcome.error.find("command: " + mock + " --tag 'x y'"), std::string::npos)
            << outcome.error;
        // The mock echoes what it receives on stderr: the last lines are shown.
        EXPECT_NE(outcome.error.find("\n  its last lines on stderr: `recv: hub`"),
                  std::string::npos)
            << outcome.error;
        EXPECT_EQ(registry.size(), 0u);
    }
    EXPECT_TRUE(children_of_this_process().empty());
    const auto run = read_results(dir);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_TRUE(run->pairs.empty());
    fs::remove_all(dir);
}

/// Plays a match of the default and material weights and returns, per pair, its two games
/// (players, result, termination and moves). `hub`: the engines run as `draughts hub` processes.
std::map<std::uint64_t, std::string> play_weights_match(const fs::path& dir, bool hub) {
    const fs::path configs = testing::source_dir() / "configs";
    std::ostringstream yaml;
    yaml << "time_control: nodes=2000\nconcurrency: 2\nseed: 3\ntournament: {games: 6}\n"
         << "openings: {file: " << (configs / "openings" / "3move-balanced.fen").string() << "}\n"
         << "engines:\n";
    for (const char* name : {"default", "material"}) {
        const std::string weights = (configs / "engines" / (std::string(name) + ".yaml")).string();
        if (hub)
            yaml << "  - {name: " << name
                 << ", kind: hub, command: " << testing::draughts_binary().string()
                 << ", args: [hub, --weights, " << weights << ", --hash, '16']}\n";
        else
            yaml << "  - {name: " << name << ", weights: " << weights << ", hash: 16}\n";
    }
    const auto config = parse_match_config(yaml.str(), "equal.yaml", dir, {});
    EXPECT_TRUE(config) << config.error().message;
    if (!config) return {};
    {
        auto folder = ResultsFolder::create(dir, to_yaml(*config));
        EXPECT_TRUE(folder);
        ChildRegistry registry;
        auto t = Tournament::create(*config, *folder, {}, &registry, nullptr);
        EXPECT_TRUE(t);
        const RunOutcome outcome = (*t)->run();
        EXPECT_EQ(outcome.end, RunEnd::Completed) << outcome.error;
    }
    const auto run = read_results(dir);
    EXPECT_TRUE(run);
    std::map<std::uint64_t, std::string> games;
    for (const auto& pair : run->pairs) {
        std::string text;
        for (const StoredGame& g : pair) {
            for (const char* key : {"white", "black", "start_fen", "result", "termination"})
                text += g.line.at(key).get<std::string>() + " ";
            for (const Json& m : g.line.at("moves")) text += m.at("move").get<std::string>() + " ";
            text += "\n";
        }
        games[pair[0].pair] = text;
    }
    return games;
}

TEST(TournamentWithHubEngines, HubProcessesPlayTheSameGamesAsInProcessEngines) {
    const fs::path root =
        fs::temp_directory_path() / ("draughts-hub-equal-" + std::to_string(::getpid()));
    fs::remove_all(root);
    const auto in_process = play_weights_match(root / "in-process", false);
    const auto processes = play_weights_match(root / "hub", true);
    EXPECT_EQ(in_process.size(), 3u);
    EXPECT_EQ(in_process, processes);
    fs::remove_all(root);
}

}  // namespace
}  // namespace draughts::harness
