// The Hub client against the mock engines of tests/mocks: each misbehaviour ends in the right
// failure, within its timeout, and no engine process is left behind.

#include "harness/hub/hub_client.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <mutex>
#include <thread>

#include "rules/move_notation.hpp"
#include "tests/harness/hub/hub_client_mock.hpp"
#include "tests/support/process_probe.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;
using hub_mock::mock_options;
using hub_mock::search_from_start;
using hub_mock::Transcript;

TEST(HubClient, HandshakeReadsIdentityAndParametersAndSetsParameters) {
    Transcript transcript;
    auto options = mock_options("hub_normal", {}, transcript);
    options.parameters = {{"hash", "64"}, {"book", "false"}};
    HubClient client(options);
    ASSERT_FALSE(client.start());
    EXPECT_EQ(client.identity().name, "normal");
    EXPECT_EQ(client.identity().author, "draughts tests");
    ASSERT_EQ(client.parameters().size(), 2U);
    EXPECT_EQ(client.parameters()[0].name, "hash");
    EXPECT_EQ(client.parameters()[0].max, "1024");
    EXPECT_FALSE(client.new_game());  // the ping after it proves the engine has read everything
    EXPECT_TRUE(transcript.engine_got("set-param name=hash value=64"));
    EXPECT_TRUE(transcript.engine_got("set-param name=book value=false"));
    EXPECT_TRUE(transcript.engine_got("init"));
    EXPECT_TRUE(transcript.engine_got("new-game"));
}

TEST(HubClient, InternationalSendsNoVariantParameter) {
    Transcript transcript;
    HubClient client(mock_options("hub_normal", {}, transcript));
    ASSERT_FALSE(client.start());
    EXPECT_FALSE(client.new_game());
    const std::lock_guard lock(transcript.mutex);
    for (const std::string& line : transcript.sent)
        EXPECT_EQ(line.find("variant"), std::string::npos) << line;
}

TEST(HubClient, AnotherVariantNeedsTheVariantParameterDeclared) {
    Transcript transcript;
    auto options = mock_options("hub_normal", {}, transcript);
    options.variant = "russian";
    HubClient client(options);
    const auto failure = client.start();
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->kind, HubFailureKind::EngineError);
    EXPECT_NE(failure->message.find("declares no 'variant' parameter, so it cannot play russian"),
              std::string::npos)
        << failure->message;
    EXPECT_FALSE(client.running());
    const std::lock_guard lock(transcript.mutex);
    EXPECT_EQ(std::count(transcript.sent.begin(), transcript.sent.end(), "init"), 0);
}

TEST(HubClient, SearchSendsPosLevelGoAndReturnsALegalMove) {
    Transcript transcript;
    HubClient client(mock_options("hub_normal", {"--seed", "7"}, transcript));
    ASSERT_FALSE(client.start());
    HubSearchRequest request = search_from_start();
    rules::Position position = rules::Position::initial();
    std::vector<rules::Move> moves;
    for (const char* text : {"32-28", "19-23"}) {
        const auto move = rules::parse_move(position, text);
        ASSERT_TRUE(move);
        moves.push_back(*move);
        position = position.after(*move);
    }
    request.pos = protocol::hub_pos_message(rules::Position::initial(), moves);
    const HubSearchResult result = client.search(request);
    ASSERT_FALSE(result.failure) << result.failure->message;
    EXPECT_TRUE(rules::parse_move(position, result.move)) << result.move;
    EXPECT_EQ(result.info.depth, 1);
    EXPECT_EQ(result.info.score, 0.25);
    EXPECT_EQ(result.info_lines, 1);
    EXPECT_FALSE(result.stopped);
    const std::lock_guard lock(transcript.mutex);
    const std::vector<std::string> expected{
        "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"",
        "level depth=5", "go think"};
    ASSERT_GE(transcript.sent.size(), 3U);
    EXPECT_EQ(std::vector<std::string>(transcript.sent.end() - 3, transcript.sent.end()), expected);
}

TEST(HubClient, QuitEndsTheEngineCleanly) {
    Transcript transcript;
    HubClient client(mock_options("hub_normal", {}, transcript));
    ASSERT_FALSE(client.start());
    const pid_t pid = client.pid();
    client.quit();
    EXPECT_FALSE(client.running());
    ASSERT_TRUE(client.last_exit());
    EXPECT_TRUE(client.last_exit()->success());
    testing::expect_gone(pid);
}

TEST(HubClient, DestructorLeavesNothingRunning) {
    Transcript transcript;
    pid_t pid = -1;
    {
        HubClient client(mock_options("hub_hang", {}, transcript));
        ASSERT_FALSE(client.start());
        pid = client.pid();
    }
    testing::expect_gone(pid);
}

TEST(HubClient, EngineIsRegisteredWhileItRuns) {
    Transcript transcript;
    ChildRegistry registry;
    auto options = mock_options("hub_normal", {}, transcript);
    options.process.registry = &registry;
    HubClient client(options);
    ASSERT_FALSE(client.start());
    EXPECT_EQ(registry.pids(), std::vector<pid_t>{client.pid()});
    client.quit();
    EXPECT_EQ(registry.size(), 0U);
}

TEST(HubClient, UndeclaredParameterIsAnEngineError) {
    Transcript transcript;
    auto options = mock_options("hub_normal", {}, transcript);
    options.parameters = {{"threads", "4"}};
    HubClient client(options);
    const auto failure = client.start();
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->kind, HubFailureKind::EngineError);
    EXPECT_NE(failure->message.find("no parameter 'threads' (it declares: hash, book)"),
              std::string::npos)
        << failure->message;
    EXPECT_FALSE(client.running());
}

TEST(HubClient, MissingProgramIsASpawnFailure) {
    HubClientOptions options;
    options.process.argv = {"/nonexistent/scan"};
    HubClient client(options);
    const auto failure = client.start();
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->kind, HubFailureKind::Spawn);
}

TEST(HubClient, CrashMidGameIsReportedWithTheSignal) {
    Transcript transcript;
    HubClient client(mock_options("hub_crash", {"--after", "1"}, transcript));
    ASSERT_FALSE(client.start());
    const pid_t pid = client.pid();
    EXPECT_FALSE(client.search(search_from_start()).failure);
    const HubSearchResult result = client.search(search_from_start());
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->kind, HubFailureKind::Crash);
    EXPECT_NE(result.failure->message.find("SIGSEGV"), std::string::npos)
        << result.failure->message;
    EXPECT_FALSE(client.running());
    EXPECT_TRUE(client.last_exit()->killed_by(SIGSEGV));
    testing::expect_gone(pid);
    // A crashed engine can be started again for the next game.
    ASSERT_FALSE(client.start());
    EXPECT_FALSE(client.search(search_from_start()).failure);
}

TEST(HubClient, ExitMidGameIsACrashWithTheStatus) {
    Transcript transcript;
    HubClient client(mock_options("hub_crash", {"--after", "0", "--how", "exit"}, transcript));
    ASSERT_FALSE(client.start());
    const HubSearchResult result = client.search(search_from_start());
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->kind, HubFailureKind::Crash);
    EXPECT_NE(result.failure->message.find("exited with status 3"), std::string::npos);
}

TEST(HubClient, SearchOnAStoppedEngineFails) {
    Transcript transcript;
    HubClient client(mock_options("hub_normal", {}, transcript));
    const HubSearchResult result = client.search(search_from_start());
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->kind, HubFailureKind::Crash);
    EXPECT_TRUE(client.new_game());
}

TEST(HubClient, HungEngineIsStoppedAtTheDeadlineThenKilled) {
    Transcript transcript;
    auto options = mock_options("hub_hang", {}, transcript);
    options.timeouts.stop_grace = 100ms;
    HubClient client(options);
    ASSERT_FALSE(client.start());
    const pid_t pid = client.pid();
    const auto begin = SteadyClock::now();
    const HubSearchResult result = client.search(search_from_start(100ms));
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->kind, HubFailureKind::Timeout);
    EXPECT_TRUE(result.stopped);
    EXPECT_TRUE(transcript.sent_line("stop"));
    EXPECT_GE(SteadyClock::now() - begin, 200ms);
    EXPECT_TRUE(client.last_exit()->killed_by(SIGKILL));
    testing::expect_gone(pid);
}

TEST(HubClient, WatchdogDetectsAHangInAnUntimedSearch) {
    Transcript transcript;
    auto options = mock_options("hub_hang", {}, transcript);
    options.timeouts.ping_interval = 50ms;
    options.timeouts.ping = 100ms;
    HubClient client(options);
    ASSERT_FALSE(client.start());
    const pid_t pid = client.pid();
    const HubSearchResult result = client.search(search_from_start());
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->kind, HubFailureKind::Timeout);
    EXPECT_NE(result.failure->message.find("no `pong`"), std::string::npos);
    testing::expect_gone(pid);
}

TEST(HubClient, WatchdogLetsALiveEngineThinkPastManyPings) {
    Transcript transcript;
    auto options = mock_options("hub_normal", {"--think-ms", "300"}, transcript);
    options.timeouts.ping_interval = 20ms;
    HubClient client(options);
    ASSERT_FALSE(client.start());
    const HubSearchResult result = client.search(search_from_start());
    ASSERT_FALSE(result.failure) << result.failure->message;
    // A 300 ms think with a ping every 20 ms: more than one ping was sent and answered.
    const std::lock_guard lock(transcript.mutex);
    EXPECT_GE(std::count(transcript.sent.begin(), transcript.sent.end(), "ping"), 2);
    EXPECT_GE(std::count(transcript.received.begin(), transcript.received.end(), "pong"), 2);
}

TEST(HubClient, WatchdogKeepsPingingBeforeTheMoveCapDeadline) {
    Transcript transcript;
    auto options = mock_options("hub_normal", {"--think-ms", "300"}, transcript);
    options.timeouts.ping_interval = 20ms;
    HubClient client(options);
    ASSERT_FALSE(client.start());
    const HubSearchResult result = client.search(search_from_start(10s));
    ASSERT_FALSE(result.failure) << result.failure->message;
    const std::lock_guard lock(transcript.mutex);
    EXPECT_GE(std::count(transcript.received.begin(), transcript.received.end(), "pong"), 2);
}

TEST(HubClient, TheDeadlineStopsAnEndlessSearchWithoutAClock) {
    Transcript transcript;
    auto options = mock_options("hub_ignore_stop", {}, transcript);
    options.timeouts.stop_grace = 100ms;
    HubClient client(options);
    ASSERT_FALSE(client.start());
    const pid_t pid = client.pid();
    const HubSearchResult result = client.search(search_from_start(100ms));
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->kind, HubFailureKind::Timeout);
    EXPECT_TRUE(transcript.sent_line("stop"));
    testing::expect_gone(pid);
}

TEST(HubClient, HandshakeWithoutWaitTimesOut) {
    Transcript transcript;
    auto options = mock_options("hub_no_handshake", {"--stall", "hub"}, transcript);
    options.timeouts.handshake = 100ms;
    HubClient client(options);
    const auto failure = client.start();
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->kind, HubFailureKind::Timeout);
    EXPECT_NE(failure->message.find("no `wait`"), std::string::npos) << failure->message;
    EXPECT_FALSE(client.running());
}

TEST(HubClient, InitWithoutReadyTimesOut) {
    Transcript transcript;
    auto options = mock_options("hub_no_handshake", {"--stall", "init"}, transcript);
    options.timeouts.init = 100ms;
    HubClient client(options);
    const auto failure = client.start();
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->kind, HubFailureKind::Timeout);
    EXPECT_NE(failure->message.find("no `ready`"), std::string::npos) << failure->message;
}

TEST(HubClient, GarbageLinesAreIgnoredAndTheMoveTextReturned) {
    Transcript transcript;
    HubClient client(mock_options("hub_garbage", {}, transcript));
    ASSERT_FALSE(client.start());
    const HubSearchResult result = client.search(search_from_start());
    ASSERT_FALSE(result.failure);
    EXPECT_EQ(result.move, "banana");  // the referee finds it is no move
    EXPECT_FALSE(rules::parse_move(rules::Position::initial(), result.move));
}

TEST(HubClient, DoneWithoutAMoveIsMalformed) {
    Transcript transcript;
    HubClient client(mock_options("hub_garbage", {"--mode", "empty"}, transcript));
    ASSERT_FALSE(client.start());
    const HubSearchResult result = client.search(search_from_start());
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->kind, HubFailureKind::Malformed);
}

TEST(HubClient, RunawayLineIsMalformedAndEndsTheEngine) {
    Transcript transcript;
    HubClient client(mock_options("hub_garbage", {"--mode", "flood"}, transcript));
    ASSERT_FALSE(client.start());
    const pid_t pid = client.pid();
    const HubSearchResult result = client.search(search_from_start());
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->kind, HubFailureKind::Malformed);
    testing::expect_gone(pid);
}

TEST(HubClient, IllegalMoveTextIsReturnedForTheRefereeToReject) {
    Transcript transcript;
    HubClient client(mock_options("hub_illegal", {}, transcript));
    ASSERT_FALSE(client.start());
    const HubSearchResult result = client.search(search_from_start());
    ASSERT_FALSE(result.failure);
    const auto move = rules::parse_move(rules::Position::initial(), result.move);
    ASSERT_FALSE(move);
    EXPECT_NE(move.error().message.find("legal"), std::string::npos) << move.error().message;
}

TEST(HubClient, EngineIgnoringStopIsKilledAfterTheGrace) {
    Transcript transcript;
    auto options = mock_options("hub_ignore_stop", {}, transcript);
    options.timeouts.stop_grace = 100ms;
    HubClient client(options);
    ASSERT_FALSE(client.start());
    const pid_t pid = client.pid();
    const HubSearchResult result = client.search(search_from_start(100ms));
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->kind, HubFailureKind::Timeout);
    EXPECT_NE(result.failure->message.find("no `done` within 0.1 s of `stop`"), std::string::npos)
        << result.failure->message;
    testing::expect_gone(pid);
}

TEST(HubClient, LateDoneAfterStopIsATimeoutButKeepsTheEngine) {
    Transcript transcript;
    HubClient client(mock_options("hub_ignore_stop", {"--done-after-ms", "150"}, transcript));
    ASSERT_FALSE(client.start());
    const HubSearchResult result = client.search(search_from_start(20ms));
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->kind, HubFailureKind::Timeout);
    EXPECT_FALSE(result.move.empty());
    EXPECT_TRUE(client.running());
    EXPECT_FALSE(client.new_game());
}

TEST(HubClient, RequestStopGetsTheMoveAtOnce) {
    Transcript transcript;
    HubClient client(mock_options("hub_normal", {"--think-ms", "60000"}, transcript));
    ASSERT_FALSE(client.start());
    std::thread stopper([&] {
        ASSERT_TRUE(transcript.engine_got("go think"));
        client.request_stop();
    });
    const auto begin = SteadyClock::now();
    const HubSearchResult result = client.search(search_from_start());
    stopper.join();
    ASSERT_FALSE(result.failure) << result.failure->message;
    EXPECT_TRUE(result.stopped);
    EXPECT_FALSE(result.move.empty());
    EXPECT_LT(SteadyClock::now() - begin, 30s);
}

TEST(HubClient, EngineErrorIsFatalForTheGame) {
    // A move list that is not legal from the root: the engine answers `error`.
    Transcript transcript;
    HubClient client(mock_options("hub_normal", {}, transcript));
    ASSERT_FALSE(client.start());
    const pid_t pid = client.pid();
    HubSearchRequest request = search_from_start();
    const std::vector<rules::Move> moves{rules::Move::quiet(19, 23)};  // Black's, White to play
    request.pos = protocol::hub_pos_message(rules::Position::initial(), moves);
    const HubSearchResult result = client.search(request);
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->kind, HubFailureKind::EngineError);
    EXPECT_NE(result.failure->message.find("bad move"), std::string::npos);
    testing::expect_gone(pid);
}

}  // namespace
}  // namespace draughts::harness
