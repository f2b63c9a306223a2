// `draughts hub` as a real child process: a whole game over the Hub protocol with the engine
// playing both sides, including `ping` during a search, `stop` during `go analyze`, bad input,
// and a clean exit on `quit` and on end of input.

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "protocol/hub/hub_message.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "system/process/process.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

/// The engine process and helpers to talk to it.
class EngineProcessUnderTest {
  public:
    EngineProcessUnderTest() {
        ProcessOptions options;
        options.argv = {testing::draughts_binary().string(), "hub", "--hash", "4"};
        auto spawned = Process::spawn(std::move(options));
        EXPECT_TRUE(spawned) << (spawned ? "" : spawned.error().message);
        if (spawned) process_ = std::move(*spawned);
    }

    bool ok() const { return process_ != nullptr; }
    Process& process() { return *process_; }

    void send(const std::string& line) {
        ASSERT_EQ(process_->write_line(line, deadline_after(20s)), WriteStatus::Ok) << line;
    }

    /// Reads lines until one with `command` arrives (others are kept in `seen`).
    std::optional<protocol::HubMessage> expect(const std::string& command,
                                               std::chrono::milliseconds timeout = 20s) {
        const Deadline deadline = deadline_after(timeout);
        for (;;) {
            const LineRead read = process_->read_line(deadline);
            if (read.status != LineRead::Status::Line) return std::nullopt;
            const auto message = protocol::parse_hub_message(read.line);
            EXPECT_TRUE(message) << "unparsable line from the engine: " << read.line;
            if (!message) continue;
            seen.push_back(*message);
            if (message->command == command) return *message;
        }
    }

    std::vector<protocol::HubMessage> seen;

  private:
    std::unique_ptr<Process> process_;
};

/// The Hub `moves` value for a list of moves.
std::string hub_moves(const std::vector<rules::Move>& moves) {
    std::string out;
    for (const rules::Move& m : moves) {
        if (!out.empty()) out += ' ';
        out += rules::to_hub_notation(m);
    }
    return out;
}

TEST(HubEngineProcess, PlaysAWholeGameWithPingAndStop) {
    EngineProcessUnderTest engine;
    ASSERT_TRUE(engine.ok());
    engine.send("hub");
    ASSERT_TRUE(engine.expect("wait"));
    engine.send("init");
    ASSERT_TRUE(engine.expect("ready"));
    engine.send("new-game");

    rules::Position position = rules::Position::initial();
    std::vector<rules::Move> played;
    bool analysed = false;
    for (int ply = 0; ply < 300; ++ply) {
        rules::MoveList legal;
        rules::generate_moves(position, legal);
        if (legal.empty()) break;  // the side to move has lost
        engine.send("pos start moves=\"" + hub_moves(played) + "\"");
        if (ply == 12 && !analysed) {
            // Analysis runs until stopped; ping is answered during it.
            analysed = true;
            const std::size_t before = engine.seen.size();
            engine.send("go analyze");
            ASSERT_TRUE(engine.expect("info"));
            engine.send("ping");
            ASSERT_TRUE(engine.expect("pong"));
            for (std::size_t i = before; i < engine.seen.size(); ++i)
                ASSERT_NE(engine.seen[i].command, "done");
            engine.send("stop");
            const auto done = engine.expect("done");
            ASSERT_TRUE(done);
            ASSERT_TRUE(done->value("move"));
            ASSERT_TRUE(rules::parse_move(position, *done->value("move")));
            engine.send("pos start moves=\"" + hub_moves(played) + "\"");
        }
        engine.send("level nodes=3000");
        engine.send("go think");
        if (ply == 5) engine.send("ping");  // during a (short) search
        const auto done = engine.expect("done");
        ASSERT_TRUE(done) << "no done at ply " << ply;
        const auto text = done->value("move");
        ASSERT_TRUE(text) << "done without a move at ply " << ply;
        const auto move = rules::parse_move(position, *text);
        ASSERT_TRUE(move) << *text << ": " << move.error().message;
        // Hub form: a capture lists every captured square.
        ASSERT_EQ(rules::to_hub_notation(*move), std::string(*text));
        played.push_back(*move);
        position = position.after(*move);
    }
    EXPECT_TRUE(analysed);
    EXPECT_GT(played.size(), 20u);
    bool ponged = false;
    for (const auto& m : engine.seen) ponged = ponged || m.command == "pong";
    EXPECT_TRUE(ponged);

    engine.send("this is not a command");
    ASSERT_TRUE(engine.expect("error"));
    engine.send("quit");
    const auto status = engine.process().wait_for_exit(deadline_after(20s));
    ASSERT_TRUE(status);
    EXPECT_TRUE(status->success()) << status->describe();
}

TEST(HubEngineProcess, EndOfInputDuringAnalysisEndsCleanly) {
    EngineProcessUnderTest engine;
    ASSERT_TRUE(engine.ok());
    engine.send("pos start");
    engine.send("go analyze");
    ASSERT_TRUE(engine.expect("info"));
    engine.process().close_stdin();
    ASSERT_TRUE(engine.expect("done"));
    const auto status = engine.process().wait_for_exit(deadline_after(20s));
    ASSERT_TRUE(status);
    EXPECT_TRUE(status->success()) << status->describe();
}

TEST(HubEngineProcess, WeightsFileFromParameter) {
    EngineProcessUnderTest engine;
    ASSERT_TRUE(engine.ok());
    const std::string material =
        (testing::source_dir() / "configs" / "engines" / "material.yaml").string();
    engine.send("hub");
    ASSERT_TRUE(engine.expect("wait"));
    engine.send("set-param name=weights value=\"" + material + "\"");
    engine.send("init");
    ASSERT_TRUE(engine.expect("ready"));
    engine.send("set-param name=weights value=/no/such/file.yaml");
    const auto error = engine.expect("error");
    ASSERT_TRUE(error);
    EXPECT_NE(std::string(*error->value("message")).find("/no/such/file.yaml"), std::string::npos);
    engine.send("quit");
    EXPECT_TRUE(engine.process().wait_for_exit(deadline_after(20s)));
}

}  // namespace
}  // namespace draughts::harness
