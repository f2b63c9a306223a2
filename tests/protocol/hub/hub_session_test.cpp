// The engine side of the Hub protocol, driven in-process: handshake, parameters, positions,
// limits, searches, stop, ping during a search, ponder, and survival of bad input.

#include "protocol/hub/hub_session.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "common/time_source.hpp"
#include "egdb/judgement.hpp"
#include "engine/builtin_weights.hpp"
#include "engine/engine_parameters.hpp"
#include "engine/weights_file.hpp"
#include "protocol/hub/hub_message.hpp"
#include "protocol/hub/hub_position.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts::protocol {
namespace {

using namespace std::chrono_literals;

/// Collects the session's output lines and lets a test wait for a given command.
class Transcript {
  public:
    void add(const std::string& line) {
        std::lock_guard lock(mutex_);
        lines_.push_back(line);
        changed_.notify_all();
    }

    /// Waits until a line with `command` arrives after position `from`; returns its index.
    std::optional<std::size_t> wait_for(const std::string& command, std::size_t from = 0,
                                        std::chrono::milliseconds timeout = 10s) {
        std::unique_lock lock(mutex_);
        std::optional<std::size_t> found;
        changed_.wait_for(lock, timeout, [&] {
            for (std::size_t i = from; i < lines_.size(); ++i)
                if (command_of(lines_[i]) == command) {
                    found = i;
                    return true;
                }
            return false;
        });
        return found;
    }

    std::vector<std::string> lines() const {
        std::lock_guard lock(mutex_);
        return lines_;
    }
    std::size_t size() const {
        std::lock_guard lock(mutex_);
        return lines_.size();
    }
    std::string at(std::size_t i) const {
        std::lock_guard lock(mutex_);
        return lines_.at(i);
    }

    static std::string command_of(const std::string& line) {
        const auto parsed = parse_hub_message(line);
        return parsed ? parsed->command : "";
    }

  private:
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<std::string> lines_;
};

struct SessionFixture : ::testing::Test {
    SessionFixture() {
        HubSessionOptions options;
        options.hash_mb = 4;
        options.read_weights = [](const std::string& path) -> Expected<std::string> {
            if (path == "material")
                return engine::format_weights(engine::EvalWeights::material_only());
            return make_error(path + ": cannot open weight file");
        };
        session =
            std::make_unique<HubSession>(options, [this](const std::string& l) { out.add(l); });
    }

    /// The `done` message after `from`, parsed.
    HubMessage done_after(std::size_t from) {
        const auto i = out.wait_for("done", from);
        EXPECT_TRUE(i.has_value());
        return i ? *parse_hub_message(out.at(*i)) : HubMessage{};
    }

    Transcript out;
    std::unique_ptr<HubSession> session;
};

TEST_F(SessionFixture, HandshakeDeclaresParameters) {
    session->handle_line("hub");
    const auto lines = out.lines();
    ASSERT_GE(lines.size(), 4u);
    EXPECT_EQ(Transcript::command_of(lines.front()), "id");
    EXPECT_EQ(Transcript::command_of(lines.back()), "wait");
    int params = 0;
    for (const auto& l : lines) {
        const auto m = parse_hub_message(l);
        ASSERT_TRUE(m) << l;
        if (m->command == "param") {
            ++params;
            EXPECT_TRUE(m->value("name") && m->value("type")) << l;
        }
    }
    // hash, move-overhead, weights, egdb, variant, then the engine's tunable parameters.
    const auto tunable =
        engine::declared_parameters(engine::BasicEngineSettings<rules::International>{
            engine::builtin_weights<rules::International>(), {}});
    EXPECT_EQ(params, 5 + static_cast<int>(tunable.size()));
    session->handle_line("init");
    EXPECT_TRUE(out.wait_for("ready"));
}

TEST_F(SessionFixture, TunableParametersAreDeclaredWithTheirTypeAndRange) {
    session->handle_line("hub");
    std::map<std::string, HubMessage> declared;
    for (const auto& l : out.lines())
        if (const auto m = parse_hub_message(l); m && m->command == "param")
            declared[std::string(*m->value("name"))] = *m;
    ASSERT_TRUE(declared.count("search.aspiration_window"));
    const HubMessage& window = declared["search.aspiration_window"];
    EXPECT_EQ(window.value("value"), "111");
    EXPECT_EQ(window.value("type"), "int");
    EXPECT_EQ(window.value("min"), "1");
    EXPECT_EQ(window.value("max"), "5000");
    ASSERT_TRUE(declared.count("time.hard_factor"));
    EXPECT_EQ(declared["time.hard_factor"].value("type"), "real");
    EXPECT_EQ(declared["time.hard_factor"].value("value"), "3.72");
    EXPECT_TRUE(declared.count("man.mg") && declared.count("tempo") &&
                declared.count("pattern_band0.scale") && declared.count("patterns.scale"));
}

TEST_F(SessionFixture, TunableParametersChangeTheEngineAndBadOnesAreRefused) {
    session->handle_line("set-param name=search.aspiration_window value=0");
    session->handle_line("set-param name=search.no_such value=3");
    ASSERT_TRUE(out.wait_for("error"));
    EXPECT_EQ(out.size(), 2u);
    EXPECT_NE(out.at(0).find("outside its range 1..5000"), std::string::npos) << out.at(0);
    EXPECT_NE(out.at(1).find("unknown parameter 'search.no_such'"), std::string::npos) << out.at(1);
    // Before init and after it, with a weight file loaded in between: the values stay.
    session->handle_line("set-param name=search.aspiration_window value=40");
    session->handle_line("set-param name=man value=1500");
    session->handle_line("set-param name=weights value=material");
    session->handle_line("init");
    ASSERT_TRUE(out.wait_for("ready"));
    session->handle_line("set-param name=time.hard_factor value=2.5");
    const std::size_t before = out.size();
    session->handle_line("hub");
    std::map<std::string, std::string> values;
    for (std::size_t i = before; i < out.size(); ++i)
        if (const auto m = parse_hub_message(out.at(i)); m && m->command == "param")
            values[std::string(*m->value("name"))] = std::string(*m->value("value"));
    EXPECT_EQ(values["search.aspiration_window"], "40");
    EXPECT_EQ(values["man.eg"], "1500");
    EXPECT_EQ(values["king.mg"], "3000");  // the material file's
    EXPECT_EQ(values["time.hard_factor"], "2.5");
    EXPECT_EQ(values["tempo.mg"], "0");
}

TEST_F(SessionFixture, ParametersAreValidated) {
    session->handle_line("set-param name=hash value=8");
    session->handle_line("set-param name=hash value=lots");
    session->handle_line("set-param name=colour value=red");
    session->handle_line("set-param name=weights value=material");
    session->handle_line("set-param name=move-overhead value=0.05");
    session->handle_line("set-param name=move-overhead value=-1");
    EXPECT_EQ(out.size(), 3u);  // three errors
    session->handle_line("init");
    ASSERT_TRUE(out.wait_for("ready"));
    session->handle_line("set-param name=weights value=nofile.yaml");
    const auto error = out.wait_for("error", 3);
    ASSERT_TRUE(error);
    EXPECT_NE(out.at(*error).find("nofile.yaml"), std::string::npos);
}

TEST_F(SessionFixture, TheEgdbParameterNamesADatabaseThatTheEngineProbes) {
    session->handle_line("set-param name=egdb value=/no/such/egdb");
    session->handle_line("init");
    const auto error = out.wait_for("error");
    ASSERT_TRUE(error);
    EXPECT_NE(out.at(*error).find("/no/such/egdb"), std::string::npos);
    const std::string folder = testing::test_database(3, {"KKKvK"}).string();
    session->handle_line("set-param name=egdb value=\"" + folder + "\"");
    session->handle_line("init");
    ASSERT_TRUE(out.wait_for("ready"));
    // W:WK1,K2,K3:BK26, won in 2 plies by the database: its move, with a database score.
    std::string squares(50, 'e');
    squares[0] = squares[1] = squares[2] = 'W';
    squares[25] = 'B';
    session->handle_line("pos pos=W" + squares);
    session->handle_line("level depth=6");
    session->handle_line("go think");
    const HubMessage done = done_after(0);
    const rules::Position root = *rules::parse_fen("W:WK1,K2,K3:BK26");
    const auto db = testing::open_test_database(3, {"KKKvK"});
    const auto judged = egdb::judge(*db, root, rules::DrawCounters::at_start(root));
    ASSERT_TRUE(judged && *judged && done.value("move"));
    const auto move = parse_move(root, *done.value("move"));
    ASSERT_TRUE(move);
    EXPECT_EQ(*move, (*judged)->moves.front().move);
}

TEST_F(SessionFixture, ThinkReturnsALegalMoveInHubForm) {
    session->handle_line("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
    session->handle_line("level nodes=5000");
    session->handle_line("go think");
    const HubMessage done = done_after(0);
    const auto move = done.value("move");
    ASSERT_TRUE(move);
    EXPECT_TRUE(parse_move(rules::Position::initial(), *move));
    EXPECT_TRUE(out.wait_for("info"));
}

TEST_F(SessionFixture, CapturesAreWrittenWithEveryCapturedSquare) {
    // After 32-28 19-23 White must take 28x19, written with the captured square 23.
    session->handle_line("pos start moves=\"32-28 19-23\"");
    session->handle_line("level depth=3");
    session->handle_line("go think");
    const HubMessage done = done_after(0);
    EXPECT_EQ(done.value("move"), "28x19x23");
}

TEST_F(SessionFixture, BadPositionKeepsThePreviousOne) {
    session->handle_line("pos start moves=\"32-28\"");
    session->handle_line("pos pos=Wxyz");
    session->handle_line("pos start moves=\"32-28 32-28\"");
    session->handle_line("pos");
    EXPECT_EQ(out.size(), 3u);
    session->handle_line("level depth=2");
    session->handle_line("go think");
    const HubMessage done = done_after(0);
    // Black to move after 32-28: the reply must be a black move.
    const rules::Position after =
        rules::Position::initial().after(*parse_move(rules::Position::initial(), "32-28"));
    ASSERT_TRUE(done.value("move"));
    EXPECT_TRUE(parse_move(after, *done.value("move")));
}

TEST_F(SessionFixture, AnalyzeRunsUntilStopAndPingIsAnsweredMeanwhile) {
    session->handle_line("pos start");
    session->handle_line("go analyze");
    std::this_thread::sleep_for(50ms);
    EXPECT_TRUE(session->searching());
    session->handle_line("ping");
    const auto pong = out.wait_for("pong");
    ASSERT_TRUE(pong);
    EXPECT_FALSE(out.wait_for("done", 0, 100ms));  // still analysing
    session->handle_line("stop");
    const HubMessage done = done_after(0);
    ASSERT_TRUE(done.value("move"));
    EXPECT_TRUE(parse_move(rules::Position::initial(), *done.value("move")));
    session->wait_until_idle();
    EXPECT_FALSE(session->searching());
}

TEST_F(SessionFixture, NewInstructionEndsTheSearchFirst) {
    session->handle_line("pos start");
    session->handle_line("go analyze");
    std::this_thread::sleep_for(20ms);
    session->handle_line("pos start moves=\"32-28\"");
    const auto done = out.wait_for("done");
    ASSERT_TRUE(done);
    session->handle_line("level nodes=1000");
    session->handle_line("go think");
    const HubMessage second = done_after(*done + 1);
    ASSERT_TRUE(second.value("move"));
}

TEST_F(SessionFixture, PonderHitPlaysAfterTheMoveTime) {
    // While pondering the move time does not run: no `done` well past 0.2 s. After ponder-hit
    // the search gets a normal move's budget counted from the hit, and only then answers.
    // The session's ponder timer waits on the real clock (HubSessionOptions::time_source feeds
    // only the engine, which ignores time in a ponder search), so the test measures real time;
    // it only bounds the wait from below, which a busy machine can lengthen but never shorten.
    session->handle_line("pos start");
    session->handle_line("level move-time=0.2");
    session->handle_line("go ponder");
    EXPECT_FALSE(out.wait_for("done", 0, 400ms));
    EXPECT_TRUE(session->searching());
    const auto hit = std::chrono::steady_clock::now();
    session->handle_line("ponder-hit");
    const auto done = out.wait_for("done", 0, 30s);
    const auto waited = std::chrono::steady_clock::now() - hit;
    ASSERT_TRUE(done);
    // plan_time for move-time 0.2 and the default move-overhead 0.02: 0.2 - min(0.01, 0.1 * 0.2)
    // - 0.02 = 0.17 s, the soft budget the timer waits for before it stops the search.
    EXPECT_GE(waited, 170ms);
    const auto message = parse_hub_message(out.at(*done));
    ASSERT_TRUE(message);
    const auto move = message->value("move");
    ASSERT_TRUE(move);
    EXPECT_TRUE(parse_move(rules::Position::initial(), *move)) << *move;
}

TEST_F(SessionFixture, UnknownAndMalformedInputGetsErrors) {
    for (const char* line : {"frobnicate", "go", "go sideways", "level depth=x", "level speed=3",
                             "pos pos=\"Wbb", "=", "set-param", "level move-time=-1"})
        session->handle_line(line);
    const auto lines = out.lines();
    ASSERT_EQ(lines.size(), 9u);
    for (const auto& l : lines) {
        EXPECT_EQ(Transcript::command_of(l), "error") << l;
        EXPECT_TRUE(parse_hub_message(l)) << l;  // every error line is itself well formed
    }
    session->handle_line("ping");
    EXPECT_TRUE(out.wait_for("pong"));
}

TEST_F(SessionFixture, NoLegalMoveGivesErrorAndBareDone) {
    // White has no piece left.
    session->handle_line("pos pos=Wbbbbbeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee");
    session->handle_line("go think");
    const HubMessage done = done_after(0);
    EXPECT_FALSE(done.value("move"));
    EXPECT_TRUE(out.wait_for("error"));
}

TEST_F(SessionFixture, QuitEndsTheSession) {
    session->handle_line("pos start");
    session->handle_line("go analyze");
    EXPECT_FALSE(session->handle_line("quit"));
    EXPECT_FALSE(session->searching());
    EXPECT_TRUE(out.wait_for("done"));
}

TEST_F(SessionFixture, EndOfInputLetsThinkFinishButStopsAnalysis) {
    session->handle_line("pos start");
    session->handle_line("level depth=7");
    session->handle_line("go think");
    session->end_of_input();
    const auto done = out.wait_for("done", 0, 0ms);
    ASSERT_TRUE(done);
    const auto last_info = parse_hub_message(out.at(*done - 1));
    ASSERT_TRUE(last_info);
    EXPECT_EQ(last_info->value("depth"), "7");
    session->handle_line("go analyze");
    session->end_of_input();
    EXPECT_TRUE(out.wait_for("done", *done + 1, 0ms));
}

/// A clock limit, the engine's clock step, and what the search may spend by that clock.
struct ClockCase {
    const char* level;
    double step;       ///< seconds each reading of the engine's clock moves it on
    double min_spent;  ///< it searches on its clock rather than playing at once
    double max_spent;  ///< it never lets its clock run out
};

class HubSessionClock : public ::testing::TestWithParam<ClockCase> {};

TEST_P(HubSessionClock, ClockLimitsAreHonoured) {
    // On the engine's own clock, simulated: every reading moves it on by a fixed step, so the
    // search spends the same clock time on any machine. (Real time, as this test once measured
    // it, is no measure of the engine's budget on a busy machine or under a sanitizer.)
    const ClockCase& c = GetParam();
    const FakeTimeSource clock(0.0, c.step);
    HubSessionOptions options;
    options.hash_mb = 4;
    options.time_source = &clock;
    Transcript out;
    HubSession session(options, [&out](const std::string& line) { out.add(line); });
    session.handle_line("pos start");
    session.handle_line(c.level);
    session.handle_line("go think");
    ASSERT_TRUE(out.wait_for("done", 0, 120s));  // real time: only that the answer comes
    session.wait_until_idle();
    const double spent = clock.peek();
    EXPECT_GE(spent, c.min_spent) << c.level;
    EXPECT_LT(spent, c.max_spent) << c.level;
}

INSTANTIATE_TEST_SUITE_P(
    Limits, HubSessionClock,
    ::testing::Values(
        // 0.3 s left: nothing to spend beyond the move overhead; it answers at once.
        ClockCase{"level time=0.3 inc=0.01", 1e-5, 0.0, 0.3},
        // 30 s left and 0.5 s a move: about a second of search, far from the whole clock.
        ClockCase{"level time=30 inc=0.5", 1e-2, 0.3, 9.0},
        // A fixed move time: all of it but the margins, never more.
        ClockCase{"level move-time=2", 5e-3, 0.5, 2.0}),
    [](const ::testing::TestParamInfo<ClockCase>& param) {
        return "Case" + std::to_string(param.index);
    });

TEST_F(SessionFixture, SurvivesRandomInput) {
    // Random lines built from protocol words, values and junk; afterwards the session still
    // plays a legal move.
    const std::vector<std::string> words = {
        "hub",        "init",
        "pos",        "level",
        "go",         "stop",
        "ping",       "new-game",
        "think",      "analyze",
        "ponder",     "start",
        "pos=",       "moves=",
        "depth=",     "nodes=",
        "time=",      "inc=",
        "move-time=", "=",
        "\"",         "32-28",
        "28x19x23",   "x",
        "-1",         "1e400",
        "0",          "99999999999999999999",
        "name=hash",  "value=0",
        "set-param",  "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
        "\t",         "ponder-hit"};
    std::mt19937 rng(99);
    for (int i = 0; i < 3000; ++i) {
        std::string line;
        const int n = static_cast<int>(rng() % 6);
        for (int k = 0; k < n; ++k) {
            if (rng() % 8 == 0) {
                line += static_cast<char>(rng() % 256);
            } else {
                line += words[rng() % words.size()];
            }
            if (rng() % 3 != 0) line += ' ';
        }
        session->handle_line(line);
        if (rng() % 50 == 0) session->handle_line("stop");
    }
    session->handle_line("stop");
    session->wait_until_idle();
    const std::size_t from = out.size();
    session->handle_line("pos start");
    session->handle_line("level nodes=2000");
    session->handle_line("go think");
    const HubMessage done = done_after(from);
    ASSERT_TRUE(done.value("move"));
    EXPECT_TRUE(parse_move(rules::Position::initial(), *done.value("move")));
    for (const auto& line : out.lines()) EXPECT_TRUE(parse_hub_message(line)) << line;
}

TEST_F(SessionFixture, HashBeyondTheDeclaredMaximumIsRejected) {
    session->handle_line("set-param name=hash value=65537");
    ASSERT_TRUE(out.wait_for("error"));
    session->handle_line("init");
    EXPECT_TRUE(out.wait_for("ready"));
}

}  // namespace
}  // namespace draughts::protocol
