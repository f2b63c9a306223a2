// DxpPlayer against mock DXP engines (real programs over real sockets, tests/mocks/dxp_*.cpp):
// games played to the end, the messages the harness sends, and every fault an engine can commit
// (disconnect, crash, illegal move, garbage, never accepting the game, hanging) ends in the right
// result and reason, with no process, zombie or socket left behind.

#include "harness/dxp/dxp_player.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "common/time_source.hpp"
#include "common/unique_fd.hpp"
#include "harness/game/game_runner.hpp"
#include "harness/player/random_player.hpp"
#include "rules/fen.hpp"
#include "system/net/tcp_listener.hpp"
#include "tests/support/process_probe.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

/// Lines a mock wrote on stderr ("recv: ..." for every message it received).
class StderrLines {
  public:
    StderrSink sink() {
        return stderr_sink::Lines{[this](std::string_view line) {
            const std::lock_guard lock(mutex_);
            lines_.emplace_back(line);
        }};
    }
    std::vector<std::string> received() const {
        const std::lock_guard lock(mutex_);
        std::vector<std::string> out;
        for (const std::string& line : lines_)
            if (line.rfind("recv: ", 0) == 0) out.push_back(line.substr(6));
        return out;
    }

  private:
    mutable std::mutex mutex_;
    std::vector<std::string> lines_;
};

/// A DXP player for a mock that connects to the harness, with short timeouts for what the test
/// expects to fail and generous ones for what should work.
DxpPlayerOptions dxp_mock(const std::string& mock, std::vector<std::string> arguments = {}) {
    DxpPlayerOptions options;
    options.name = mock;
    options.link.process.argv = {testing::mock_binary(mock).string(), "--port", "{port}"};
    options.link.process.argv.insert(options.link.process.argv.end(), arguments.begin(),
                                     arguments.end());
    options.link.process.shutdown_grace = 100ms;
    options.link.timeouts.connect = 10s;
    // Generous where a healthy engine must be in time (the ASan build on two busy cores);
    // tests that expect a miss shorten their own.
    options.link.timeouts.accept_game = 10s;
    options.link.timeouts.game_end = 10s;
    options.link.timeouts.quit_grace = 200ms;
    return options;
}

GameSetup dxp_setup(const std::string& time_control, int max_moves = 60) {
    GameSetup setup;
    const auto tc = parse_time_control(time_control);
    EXPECT_TRUE(tc) << tc.error().message;
    if (tc) setup.set_time_control(*tc);
    setup.time_margin = 0.05;
    setup.adjudication.max_moves = max_moves;
    return setup;
}

/// Plays one game of `dxp` (White) against a random player and quits the engine afterwards.
GameRecord play_white(DxpPlayer& dxp, const GameSetup& setup) {
    RandomPlayer random(7);
    SteadyTimeSource time;
    auto record = play_game(setup, dxp, random, time);
    EXPECT_TRUE(record) << record.error().message;
    return record ? *record : GameRecord{};
}

TEST(DxpPlayer, PlaysAWholeGameAgainstTheReferee) {
    const int fds_before = testing::open_fd_count();
    {
        DxpPlayer dxp(dxp_mock("dxp_normal"));
        ASSERT_TRUE(dxp.start());
        const pid_t pid = dxp.pid();
        const GameRecord record = play_white(dxp, dxp_setup("10+0.1"));
        EXPECT_NE(category_of(record.end.termination), TerminationCategory::Forfeit)
            << record.end.text;
        EXPECT_GT(record.plies.size(), 10U);
        EXPECT_EQ(dxp.follower_name(), "normal");
        dxp.quit();
        testing::expect_gone(pid);
        EXPECT_TRUE(dxp.last_exit() && dxp.last_exit()->success());
    }
    EXPECT_EQ(testing::open_fd_count(), fds_before);
}

TEST(DxpPlayer, SendsTheRequestTheMovesAndTheGameEnd) {
    StderrLines lines;
    DxpPlayerOptions options = dxp_mock("dxp_normal");
    options.link.process.stderr_sink = lines.sink();
    options.initiator_name = "referee";
    DxpPlayer dxp(std::move(options));
    ASSERT_TRUE(dxp.start());
    GameSetup setup = dxp_setup("75/300+0", 3);
    const auto start = parse_start_position(
        "B:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,"
        "12,13,14,15,16,17,18,19,20");
    ASSERT_TRUE(start);
    setup.start = *start;
    RandomPlayer random(3);
    SteadyTimeSource time;
    const auto record = play_game(setup, random, dxp, time);  // the engine plays Black
    ASSERT_TRUE(record) << record.error().message;
    dxp.quit();
    EXPECT_EQ(record->end.termination, Termination::MaxLength);
    const std::vector<std::string> received = lines.received();
    ASSERT_GE(received.size(), 4U);
    std::string name = "referee";
    name.resize(32, ' ');
    // Black to move in a custom start: the B form; five minutes for 75 moves; Black follows.
    EXPECT_EQ(received[0], "R01" + name + "Z005075BZ" + std::string(20, 'z') +
                               std::string(10, 'e') + std::string(20, 'w'));
    // The engine moved first (Black to move); then every White move came as M; then E: a draw.
    int moves = 0;
    for (std::size_t i = 1; i + 1 < received.size(); ++i) {
        EXPECT_EQ(received[i][0], 'M') << received[i];
        EXPECT_EQ(received[i].size(), 11U) << received[i];
        ++moves;
    }
    EXPECT_EQ(moves, 2);  // White's moves 1 and 2; the game ended after White's third
    EXPECT_EQ(received.back(), "E20");
}

TEST(DxpPlayer, ChatIsNotedAndTakeBacksAreRefused) {
    StderrLines lines;
    std::vector<std::string> notes;
    DxpPlayerOptions options = dxp_mock("dxp_chatty");
    options.link.process.stderr_sink = lines.sink();
    options.note = [&notes](const std::string& text) { notes.push_back(text); };
    DxpPlayer dxp(std::move(options));
    ASSERT_TRUE(dxp.start());
    const GameRecord record = play_white(dxp, dxp_setup("10+0.1", 3));
    dxp.quit();
    EXPECT_EQ(record.end.termination, Termination::MaxLength) << record.end.text;
    ASSERT_GE(notes.size(), 2U);
    EXPECT_EQ(notes[0], "chat: move 1 coming");
    EXPECT_EQ(notes[1], "refused a take-back request: B001W");
    const std::vector<std::string> received = lines.received();
    EXPECT_EQ(std::count(received.begin(), received.end(), "K1"), 3);
}

TEST(DxpPlayer, ThinkingTimeFollowsTheTimeControl) {
    const auto minutes = [](const char* text) {
        const auto tc = parse_time_control(text);
        EXPECT_TRUE(tc);
        return dxp_thinking_minutes(*tc);
    };
    EXPECT_EQ(minutes("90:00"), 90);
    EXPECT_EQ(minutes("75/90:00+30"), 90);
    EXPECT_EQ(minutes("150"), 2);
    EXPECT_EQ(minutes("10+0.1"), 1);
    EXPECT_EQ(minutes("100000"), 999);
    EXPECT_EQ(minutes("movetime=6"), 5);
    EXPECT_EQ(minutes("nodes=1000"), 10);
}

TEST(DxpPlayer, AnEngineThatDisconnectsLosesByDisconnect) {
    for (const char* linger : {"0", "1"}) {
        DxpPlayer dxp(dxp_mock("dxp_disconnect", {"--after", "2", "--linger", linger}));
        ASSERT_TRUE(dxp.start());
        const pid_t pid = dxp.pid();
        const GameRecord record = play_white(dxp, dxp_setup("10+0.1"));
        EXPECT_EQ(record.end.termination, Termination::Disconnect) << record.end.text;
        EXPECT_EQ(record.end.result, GameResult::BlackWin);
        EXPECT_NE(record.end.text.find("closed the connection"), std::string::npos)
            << record.end.text;
        EXPECT_EQ(record.plies.size(), 4U);
        // Ended (killed when it lingers) and reaped as soon as the connection was lost.
        testing::expect_gone(pid);
        EXPECT_EQ(dxp.pid(), -1);
    }
}

TEST(DxpPlayer, AnEngineThatCrashesLosesByCrash) {
    DxpPlayer dxp(dxp_mock("dxp_disconnect", {"--after", "1", "--how", "crash"}));
    ASSERT_TRUE(dxp.start());
    const pid_t pid = dxp.pid();
    const GameRecord record = play_white(dxp, dxp_setup("10+0.1"));
    EXPECT_EQ(record.end.termination, Termination::Crash) << record.end.text;
    EXPECT_NE(record.end.text.find("SIGABRT"), std::string::npos) << record.end.text;
    testing::expect_gone(pid);
}

TEST(DxpPlayer, AnIllegalMoveLosesAndEndsTheEngine) {
    for (const char* after : {"0", "3"}) {
        DxpPlayer dxp(dxp_mock("dxp_illegal", {"--after", after}));
        ASSERT_TRUE(dxp.start());
        const pid_t pid = dxp.pid();
        const GameRecord record = play_white(dxp, dxp_setup("10+0.1"));
        EXPECT_EQ(record.end.termination, Termination::IllegalMove) << record.end.text;
        EXPECT_EQ(record.end.result, GameResult::BlackWin);
        EXPECT_EQ(record.plies.size(), 2U * static_cast<std::size_t>(std::stoi(after)));
        testing::expect_gone(pid);
        ASSERT_TRUE(dxp.last_failure());
        EXPECT_NE(dxp.last_failure()->reason.find("illegal"), std::string::npos);
    }
}

TEST(DxpPlayer, GarbageLosesByMalformedReply) {
    for (const char* kind : {"oversize", "field", "header", "request"}) {
        DxpPlayer dxp(dxp_mock("dxp_garbage", {"--kind", kind, "--after", "1"}));
        ASSERT_TRUE(dxp.start());
        const pid_t pid = dxp.pid();
        const GameRecord record = play_white(dxp, dxp_setup("10+0.1"));
        EXPECT_EQ(record.end.termination, Termination::MalformedReply)
            << kind << ": " << record.end.text;
        EXPECT_EQ(record.plies.size(), 2U) << kind;
        testing::expect_gone(pid);
    }
}

TEST(DxpPlayer, AnEngineThatNeverAcceptsCannotStartTheGame) {
    DxpPlayerOptions options = dxp_mock("dxp_no_accept", {"--linger", "1"});
    options.link.timeouts.accept_game = 300ms;
    DxpPlayer dxp(std::move(options));
    ASSERT_TRUE(dxp.start());
    const pid_t pid = dxp.pid();
    const auto begun = std::chrono::steady_clock::now();
    const GameRecord record = play_white(dxp, dxp_setup("10+0.1"));
    // Bounded (the 10 s default of a healthy engine would not be waited for either way: the
    // text below names the 0.3 s limit); the bound only catches a wait without end.
    EXPECT_LT(std::chrono::steady_clock::now() - begun, 30s);
    EXPECT_EQ(record.end.result, GameResult::BlackWin);
    EXPECT_EQ(record.end.termination, Termination::Crash);
    EXPECT_NE(record.end.text.find("did not accept the game within 0.3 s"), std::string::npos)
        << record.end.text;
    EXPECT_TRUE(record.plies.empty());
    testing::expect_gone(pid);  // it lingers: killed
}

TEST(DxpPlayer, ARefusedGameIsReportedAndTheConnectionKept) {
    DxpPlayer dxp(dxp_mock("dxp_no_accept", {"--refuse", "3"}));
    ASSERT_TRUE(dxp.start());
    const pid_t pid = dxp.pid();
    const GameRecord record = play_white(dxp, dxp_setup("10+0.1"));
    EXPECT_EQ(record.end.termination, Termination::Crash);
    EXPECT_NE(record.end.text.find("refused the game: no games at all (A code 3)"),
              std::string::npos)
        << record.end.text;
    EXPECT_EQ(dxp.pid(), pid);
    EXPECT_TRUE(testing::process_alive(pid));
    dxp.quit();
    testing::expect_gone(pid);
}

TEST(DxpPlayer, AnEngineThatThinksTooLongLosesOnTime) {
    // The engine outlives the connection, so its shutdown takes the whole grace; the move it
    // lost on is charged its thinking time only (0.2 s and the margin, not the grace too), and
    // the engine is gone when the game is over.
    DxpPlayerOptions options = dxp_mock("dxp_normal", {"--think-ms", "3000", "--linger", "1"});
    options.link.timeouts.quit_grace = 1500ms;
    DxpPlayer dxp(std::move(options));
    ASSERT_TRUE(dxp.start());
    const pid_t pid = dxp.pid();
    const GameRecord record = play_white(dxp, dxp_setup("movetime=0.2"));
    EXPECT_EQ(record.end.termination, Termination::TimeForfeit) << record.end.text;
    EXPECT_EQ(record.end.result, GameResult::BlackWin);
    EXPECT_LT(record.stats[0].time_used, 1.0) << record.end.text;
    testing::expect_gone(pid);
}

TEST(DxpPlayer, AFailedEngineIsRestartedForTheNextGame) {
    DxpPlayer dxp(dxp_mock("dxp_disconnect", {"--after", "1"}));
    ASSERT_TRUE(dxp.start());
    const GameRecord first = play_white(dxp, dxp_setup("10+0.1"));
    EXPECT_EQ(first.end.termination, Termination::Disconnect);
    const GameRecord second = play_white(dxp, dxp_setup("10+0.1"));
    EXPECT_EQ(second.end.termination, Termination::Disconnect);
    EXPECT_EQ(second.plies.size(), 2U);
    EXPECT_EQ(dxp.restarts(), 1);
}

TEST(DxpPlayer, WithoutRestartAFailedEngineForfeitsTheNextGames) {
    DxpPlayerOptions options = dxp_mock("dxp_disconnect", {"--after", "0"});
    options.restart = false;
    DxpPlayer dxp(std::move(options));
    ASSERT_TRUE(dxp.start());
    EXPECT_EQ(play_white(dxp, dxp_setup("10+0.1")).end.termination, Termination::Disconnect);
    const GameRecord second = play_white(dxp, dxp_setup("10+0.1"));
    EXPECT_EQ(second.end.termination, Termination::Crash);
    EXPECT_NE(second.end.text.find("is not running"), std::string::npos) << second.end.text;
    EXPECT_EQ(dxp.restarts(), 0);
}

TEST(DxpPlayer, SeveralGamesShareOneConnection) {
    DxpPlayer dxp(dxp_mock("dxp_normal"));
    ASSERT_TRUE(dxp.start());
    const pid_t pid = dxp.pid();
    for (int game = 0; game < 3; ++game) {
        const GameRecord record = play_white(dxp, dxp_setup("10+0.1", 10));
        EXPECT_EQ(record.end.termination, Termination::MaxLength) << record.end.text;
    }
    EXPECT_EQ(dxp.pid(), pid);
    EXPECT_EQ(dxp.restarts(), 0);
}

TEST(DxpPlayer, StopAbortsAThinkingEngineAndTheGameEndsCleanly) {
    DxpPlayer dxp(dxp_mock("dxp_normal", {"--think-ms", "400"}));
    ASSERT_TRUE(dxp.start());
    std::stop_source stop;
    std::jthread stopper([&] {
        std::this_thread::sleep_for(150ms);
        stop.request_stop();
    });
    RandomPlayer random(1);
    SteadyTimeSource time;
    const auto record = play_game(dxp_setup("10+0.1"), dxp, random, time, stop.get_token());
    ASSERT_TRUE(record);
    EXPECT_EQ(record->end.termination, Termination::Aborted);
    // The E exchange after the abort went through: the engine is still usable.
    const GameRecord next = play_white(dxp, dxp_setup("10+0.1", 2));
    EXPECT_EQ(next.end.termination, Termination::MaxLength) << next.end.text;
    EXPECT_EQ(dxp.restarts(), 0);
}

TEST(DxpPlayer, ConnectsToAnEngineThatListens) {
    DxpPlayerOptions options = dxp_mock("dxp_normal");
    options.link.mode = DxpConnectMode::Connect;
    options.link.process.argv = {testing::mock_binary("dxp_normal").string(), "--listen", "{port}"};
    DxpPlayer dxp(std::move(options));
    ASSERT_TRUE(dxp.start());
    const pid_t pid = dxp.pid();
    const GameRecord record = play_white(dxp, dxp_setup("10+0.1", 20));
    EXPECT_EQ(record.end.termination, Termination::MaxLength) << record.end.text;
    dxp.quit();
    testing::expect_gone(pid);
}

// Issue 35: the listener takes only the engine it started. Another program that connects first
// (here this test, on the fixed port) is refused and noted, and the engine, which starts a moment
// later through a shell (a child of the started process), plays the game.
TEST(DxpPlayer, TheListenerTakesOnlyTheEngineItStarted) {
    const auto port = find_free_port("127.0.0.1");
    ASSERT_TRUE(port) << port.error().message;
    DxpPlayerOptions options = dxp_mock("dxp_normal");
    options.link.port = *port;
    options.link.process.argv = {
        "/bin/sh", "-c",
        "sleep 0.5; " + testing::mock_binary("dxp_normal").string() + " --port {port}"};
    std::vector<std::string> notes;
    std::mutex notes_mutex;
    options.note = [&](const std::string& text) {
        const std::lock_guard lock(notes_mutex);
        notes.push_back(text);
    };
    // The stranger connects with plain POSIX calls, as any program of the machine could.
    UniqueFd stranger;
    std::thread intruder([&] {
        const auto give_up = std::chrono::steady_clock::now() + 5s;
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(*port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        while (std::chrono::steady_clock::now() < give_up) {
            UniqueFd socket(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
            if (::connect(socket.get(), reinterpret_cast<const sockaddr*>(&address),
                          sizeof address) == 0) {
                stranger = std::move(socket);
                return;
            }
            std::this_thread::sleep_for(5ms);
        }
    });
    DxpPlayer dxp(std::move(options));
    const auto started = dxp.start();
    intruder.join();
    ASSERT_TRUE(started) << started.error().message;
    ASSERT_TRUE(stranger.valid()) << "the test could not connect first";
    const GameRecord record = play_white(dxp, dxp_setup("10+0.1", 20));
    EXPECT_EQ(record.end.termination, Termination::MaxLength) << record.end.text;
    dxp.quit();
    const std::lock_guard lock(notes_mutex);
    const bool refused = std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
        return n.find("refused a connection: the connection comes from process " +
                      std::to_string(::getpid())) != std::string::npos;
    });
    EXPECT_TRUE(refused) << (notes.empty() ? std::string("no note") : notes.front());
}

TEST(DxpPlayer, AnEngineThatNeverConnectsTimesOut) {
    DxpPlayerOptions options;
    options.link.process.argv = {"/bin/sleep", "30"};
    options.link.process.shutdown_grace = 100ms;
    options.link.timeouts.connect = 200ms;
    options.link.timeouts.quit_grace = 100ms;  // sleep ignores end of input: SIGTERM then
    DxpPlayer dxp(std::move(options));
    const auto started = dxp.start();
    ASSERT_FALSE(started);
    EXPECT_NE(started.error().message.find("did not connect to 127.0.0.1:"), std::string::npos)
        << started.error().message;
    ASSERT_TRUE(dxp.last_failure());
    EXPECT_EQ(dxp.last_failure()->kind, FailureKind::Timeout);
    EXPECT_EQ(dxp.pid(), -1);
}

TEST(DxpPlayer, AnEngineThatExitsAtOnceIsReportedQuickly) {
    DxpPlayerOptions options;
    options.link.process.argv = {"/bin/sh", "-c", "exit 4"};
    options.link.timeouts.connect = 120s;
    DxpPlayer dxp(std::move(options));
    const auto begun = std::chrono::steady_clock::now();
    const auto started = dxp.start();
    ASSERT_FALSE(started);
    // Well before the connect timeout: the exit itself ended the wait.
    EXPECT_LT(std::chrono::steady_clock::now() - begun, 60s);
    EXPECT_NE(started.error().message.find("exited with status 4 before it connected"),
              std::string::npos)
        << started.error().message;
    EXPECT_EQ(dxp.last_failure()->kind, FailureKind::Crash);
}

TEST(DxpPlayer, AMissingProgramIsReported) {
    DxpPlayerOptions options;
    options.link.process.argv = {"/nonexistent/dxp-engine"};
    DxpPlayer dxp(std::move(options));
    const auto started = dxp.start();
    ASSERT_FALSE(started);
    EXPECT_NE(started.error().message.find("/nonexistent/dxp-engine"), std::string::npos);
}

}  // namespace
}  // namespace draughts::harness
