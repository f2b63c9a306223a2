// Games between Hub engine processes through the referee (issue 5, acceptance 1): every mock
// engine's game ends with the right result and reason, and no engine process is left behind.

#include "harness/hub/hub_player.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <mutex>
#include <ostream>
#include <stop_token>
#include <thread>

#include "common/time_source.hpp"
#include "harness/game/game_runner.hpp"
#include "protocol/hub/hub_position.hpp"
#include "rules/move_notation.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/process_probe.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

/// A Hub player for a mock, with generous timeouts: a test shortens only the one its mock is
/// expected to miss, so that a busy machine (the ASan build on two cores) cannot make a healthy
/// engine miss one.
HubPlayerOptions hub_mock(const std::string& mock, std::vector<std::string> arguments = {}) {
    HubPlayerOptions options;
    options.client.process.argv = {testing::mock_binary(mock).string()};
    options.client.process.argv.insert(options.client.process.argv.end(), arguments.begin(),
                                       arguments.end());
    options.client.process.shutdown_grace = 100ms;
    options.client.timeouts.handshake = 10s;
    options.client.timeouts.init = 10s;
    options.client.timeouts.ping = 10s;
    options.client.timeouts.stop_grace = 10s;
    options.client.timeouts.quit_grace = 2s;
    return options;
}

GameSetup hub_setup(const std::string& time_control) {
    GameSetup setup;
    const auto tc = parse_time_control(time_control);
    EXPECT_TRUE(tc) << tc.error().message;
    if (tc) setup.set_time_control(*tc);
    setup.time_margin = 0.05;
    setup.adjudication.max_moves = 100;
    return setup;
}

/// Plays one game and checks that both engines are gone after quit().
GameRecord play(const GameSetup& setup, HubPlayer& white, HubPlayer& black) {
    for (HubPlayer* player : {&white, &black}) {
        // A failed start is not fatal here: the game then shows what the engine did.
        [[maybe_unused]] const auto started = player->start();
    }
    std::vector<pid_t> pids{white.pid(), black.pid()};
    SteadyTimeSource time;
    auto record = play_game(setup, white, black, time);
    for (HubPlayer* player : {&white, &black}) {
        pids.push_back(player->pid());
        player->quit();
    }
    for (const pid_t pid : pids) {
        if (pid <= 0) continue;
        EXPECT_TRUE(testing::reaped(pid)) << pid;
        EXPECT_FALSE(testing::process_alive(pid)) << pid;
    }
    EXPECT_TRUE(record) << record.error().message;
    return record ? std::move(*record) : GameRecord{};
}

TEST(HubPlayer, TwoNormalEnginesPlayAWholeGame) {
    HubPlayer white(hub_mock("hub_normal", {"--seed", "1"}));
    HubPlayer black(hub_mock("hub_normal", {"--seed", "2", "--name", "other"}));
    const GameRecord record = play(hub_setup("nodes=1000"), white, black);
    EXPECT_EQ(record.white, "normal");
    EXPECT_EQ(record.black, "other");
    EXPECT_NE(record.end.result, GameResult::Unfinished);
    EXPECT_NE(category_of(record.end.termination), TerminationCategory::Forfeit) << record.end.text;
    EXPECT_GT(record.plies.size(), 10U);
    ASSERT_FALSE(record.plies.empty());
    EXPECT_EQ(record.plies.front().depth, 1);
    EXPECT_EQ(record.plies.front().score, 250);
}

/// One misbehaving engine as White against a normal engine as Black (which moves without a
/// clock, at 1000 nodes).
struct Misbehaviour {
    const char* mock;
    std::vector<std::string> arguments;
    const char* time_control;  ///< White's
    Termination termination;
    std::size_t plies;      ///< plies played before the forfeit
    const char* text_part;  ///< found in the termination text
};

// Keeps test names readable in ctest listings (the default prints the struct's bytes).
void PrintTo(const Misbehaviour& m, std::ostream* out) {
    *out << m.mock;
    for (const std::string& argument : m.arguments) *out << ' ' << argument;
    *out << " @ " << m.time_control;
}

class HubPlayerMisbehaviour : public ::testing::TestWithParam<Misbehaviour> {};

TEST_P(HubPlayerMisbehaviour, WhiteForfeitsWithTheRightReason) {
    const Misbehaviour& m = GetParam();
    HubPlayerOptions options = hub_mock(m.mock, m.arguments);
    // Short only where this mock fails, to keep the test fast.
    const std::string mock = m.mock;
    if (mock == "hub_no_handshake") {
        options.client.timeouts.handshake = 200ms;
        options.client.timeouts.init = 200ms;
    }
    if (mock == "hub_hang") {
        options.client.timeouts.ping_interval = 50ms;
        options.client.timeouts.ping = 200ms;
    }
    if (mock == "hub_hang" || mock == "hub_ignore_stop") options.client.timeouts.stop_grace = 100ms;
    HubPlayer white(options);
    HubPlayer black(hub_mock("hub_normal"));
    GameSetup setup = hub_setup(m.time_control);
    setup.time_controls[1] = *parse_time_control("nodes=1000");
    const GameRecord record = play(setup, white, black);
    EXPECT_EQ(record.end.result, GameResult::BlackWin) << record.end.text;
    EXPECT_EQ(record.end.termination, m.termination) << record.end.text;
    EXPECT_EQ(record.plies.size(), m.plies) << record.end.text;
    EXPECT_NE(record.end.text.find(m.text_part), std::string::npos) << record.end.text;
}

INSTANTIATE_TEST_SUITE_P(
    Mocks, HubPlayerMisbehaviour,
    ::testing::Values(
        Misbehaviour{"hub_crash", {"--after", "2"}, "nodes=1000", Termination::Crash, 4, "SIGSEGV"},
        Misbehaviour{"hub_crash",
                     {"--after", "1", "--how", "abort"},
                     "60+0.1",
                     Termination::Crash,
                     2,
                     "SIGABRT"},
        Misbehaviour{"hub_hang",
                     {"--after", "1"},
                     "movetime=1",
                     Termination::TimeForfeit,
                     2,
                     "lost on time"},
        // Hangs in its first search: the short ping limits meet no good search.
        Misbehaviour{
            "hub_hang", {"--after", "0"}, "nodes=1000", Termination::TimeForfeit, 0, "no `pong`"},
        Misbehaviour{"hub_no_handshake", {}, "nodes=1000", Termination::Crash, 0, "no `wait`"},
        Misbehaviour{"hub_no_handshake",
                     {"--stall", "init"},
                     "nodes=1000",
                     Termination::Crash,
                     0,
                     "no `ready`"},
        Misbehaviour{"hub_garbage",
                     {"--after", "1"},
                     "nodes=1000",
                     Termination::MalformedReply,
                     2,
                     "banana"},
        Misbehaviour{"hub_garbage",
                     {"--mode", "flood"},
                     "nodes=1000",
                     Termination::MalformedReply,
                     0,
                     "longer than"},
        Misbehaviour{"hub_illegal",
                     {"--after", "3"},
                     "nodes=1000",
                     Termination::IllegalMove,
                     6,
                     "not a legal move"},
        Misbehaviour{"hub_ignore_stop",
                     {"--after", "1"},
                     "movetime=1",
                     Termination::TimeForfeit,
                     2,
                     "lost on time"}),
    [](const ::testing::TestParamInfo<Misbehaviour>& param) {
        return std::string(param.param.mock) + "_" + std::to_string(param.index);
    });

TEST(HubPlayer, CrashedEngineIsRestartedForTheNextGame) {
    // The mock writes its pid to `starts` at every start and crashes (after two moves) only in
    // its first start, so the second game shows both the restart and a normal game after it.
    const testing::TempFolder folder("hub_player_restart");
    const std::string starts = (folder.path() / "starts").string();
    HubPlayer white(
        hub_mock("hub_crash", {"--after", "2", "--starts", starts, "--crash-starts", "1"}));
    HubPlayer black(hub_mock("hub_normal"));
    ASSERT_TRUE(white.start());
    ASSERT_TRUE(black.start());
    const pid_t first_pid = white.pid();
    ASSERT_GT(first_pid, 0);
    const GameSetup setup = hub_setup("nodes=1000");
    SteadyTimeSource time;

    const auto crashed = play_game(setup, white, black, time);
    ASSERT_TRUE(crashed) << crashed.error().message;
    EXPECT_EQ(crashed->end.termination, Termination::Crash) << crashed->end.text;
    EXPECT_EQ(crashed->plies.size(), 4U);
    ASSERT_TRUE(white.last_exit());
    EXPECT_FALSE(white.last_exit()->success());
    EXPECT_EQ(white.restarts(), 0);  // nothing restarts during the game it lost

    const auto next = play_game(setup, white, black, time);
    ASSERT_TRUE(next) << next.error().message;
    EXPECT_EQ(white.restarts(), 1);
    const pid_t second_pid = white.pid();
    EXPECT_GT(second_pid, 0);
    EXPECT_NE(second_pid, first_pid);
    EXPECT_TRUE(testing::reaped(first_pid));
    // Exactly two starts, and the running engine is the second one.
    EXPECT_EQ(testing::read_text(starts),
              std::to_string(first_pid) + "\n" + std::to_string(second_pid) + "\n");
    // The restarted engine plays the whole game: no forfeit, and well past the crash point.
    EXPECT_NE(category_of(next->end.termination), TerminationCategory::Forfeit) << next->end.text;
    EXPECT_NE(next->end.result, GameResult::Unfinished) << next->end.text;
    EXPECT_GT(next->plies.size(), 4U);
    white.quit();
    black.quit();
    EXPECT_TRUE(testing::reaped(second_pid));
}

TEST(HubPlayer, WithoutRestartACrashedEngineCannotStartTheNextGame) {
    HubPlayerOptions options = hub_mock("hub_crash", {"--after", "0"});
    options.restart = false;
    HubPlayer white(options);
    HubPlayer black(hub_mock("hub_normal"));
    ASSERT_TRUE(white.start());
    ASSERT_TRUE(black.start());
    const GameSetup setup = hub_setup("nodes=1000");
    SteadyTimeSource time;
    ASSERT_TRUE(play_game(setup, white, black, time));
    const auto next = play_game(setup, white, black, time);
    ASSERT_TRUE(next);
    EXPECT_EQ(next->end.termination, Termination::Crash);
    EXPECT_NE(next->end.text.find("not running"), std::string::npos) << next->end.text;
    EXPECT_EQ(white.restarts(), 0);
}

TEST(HubPlayer, SendsThePositionAtTheLastIrreversiblePlyAndTheMovesSince) {
    std::mutex mutex;
    std::vector<std::string> received;
    HubPlayerOptions options = hub_mock("hub_normal");
    options.client.process.stderr_sink = stderr_sink::Lines{[&](std::string_view line) {
        const std::lock_guard lock(mutex);
        received.emplace_back(line);
    }};
    HubPlayer player(options);
    ASSERT_TRUE(player.start());
    ThinkRequest request;
    request.start = rules::Position::initial();
    rules::Position position = request.start;
    // 32-28 and 19-23 are man moves; the kings' shuffle afterwards would be reversible, but here
    // reversible_from simply marks where the engine's move list must begin.
    for (const char* text : {"32-28", "19-23", "28x19"}) {
        const auto move = rules::parse_move(position, text);
        ASSERT_TRUE(move);
        request.moves.push_back(*move);
        position = position.after(*move);
    }
    request.position = position;
    request.reversible_from = 2;
    request.limits.nodes = 100;
    const ThinkReply reply = player.think(request);
    ASSERT_FALSE(reply.failure) << reply.failure->reason;
    EXPECT_TRUE(rules::parse_move(position, reply.move_text));
    player.quit();  // reaps the engine, so its stderr has been read in full
    rules::Position root = request.start.after(request.moves[0]).after(request.moves[1]);
    const std::string expected_pos =
        "recv: pos pos=" + protocol::to_hub_position(root) + " moves=28x19x23";
    const std::lock_guard lock(mutex);
    EXPECT_NE(std::find(received.begin(), received.end(), expected_pos), received.end());
    EXPECT_NE(std::find(received.begin(), received.end(), "recv: level nodes=100"), received.end());
}

TEST(HubPlayer, StoppingTheGameInterruptsTheThinkingEngine) {
    HubPlayer white(hub_mock("hub_normal", {"--think-ms", "60000"}));
    HubPlayer black(hub_mock("hub_normal"));
    ASSERT_TRUE(white.start());
    ASSERT_TRUE(black.start());
    std::stop_source stop;
    // Whenever the stop comes, the game must end as aborted, and soon.
    std::thread stopper([&] {
        std::this_thread::sleep_for(50ms);
        stop.request_stop();
    });
    SteadyTimeSource time;
    const auto begin = SteadyClock::now();
    const auto record = play_game(hub_setup("nodes=1000"), white, black, time, stop.get_token());
    stopper.join();
    ASSERT_TRUE(record);
    EXPECT_EQ(record->end.termination, Termination::Aborted);
    EXPECT_EQ(record->end.result, GameResult::Unfinished);
    EXPECT_LT(SteadyClock::now() - begin, 30s);
    EXPECT_TRUE(white.pid() > 0);  // a stopped engine stays usable
}

// Issue 35: a stop that came before the search started (the game was stopped in the moment
// between the referee's last check and `go`, as in the first 50 ms of the test above) was
// dropped, and the engine thought on for its whole time. It is kept and sent with the search.
TEST(HubPlayer, AStopRequestedJustBeforeTheSearchIsNotLost) {
    HubPlayer white(hub_mock("hub_normal", {"--think-ms", "60000"}));
    ASSERT_TRUE(white.start());
    ASSERT_TRUE(white.new_game(GameStart{rules::Position::initial(), rules::Color::White,
                                         *parse_time_control("nodes=1000"), "black"}));
    white.stop();
    ThinkRequest request;
    request.start = rules::Position::initial();
    request.position = request.start;
    request.limits.nodes = 1000;
    const auto begin = SteadyClock::now();
    const ThinkReply reply = white.think(request);
    EXPECT_LT(SteadyClock::now() - begin, 10s) << "the stop was lost";
    EXPECT_FALSE(reply.failure) << reply.failure->reason;  // `stop` ends the search with `done`
    // The next game's search is not stopped by it.
    ASSERT_TRUE(white.new_game(GameStart{rules::Position::initial(), rules::Color::White,
                                         *parse_time_control("nodes=1000"), "black"}));
    white.quit();
}

TEST(HubPlayer, StartErrorNamesTheEngineAndThePhase) {
    HubPlayerOptions options = hub_mock("hub_no_handshake");
    // Long enough for the mock's `id` (which names it) to arrive first also under a sanitizer on a
    // loaded machine: at 100 ms a TSan run once timed out before it, and the error named the
    // program (hub_no_handshake) instead of the engine.
    options.client.timeouts.handshake = 2s;
    HubPlayer player(options);
    const auto started = player.start();
    ASSERT_FALSE(started);
    EXPECT_NE(started.error().message.find("engine 'no_handshake' (timeout): no `wait`"),
              std::string::npos)
        << started.error().message;
    const ThinkReply reply = player.think(ThinkRequest{});
    ASSERT_TRUE(reply.failure);
    EXPECT_EQ(reply.failure->kind, FailureKind::Timeout);
}

}  // namespace
}  // namespace draughts::harness
