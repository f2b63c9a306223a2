// The real `draughts dxp` command: two of them play each other over loopback (one listening on a
// free port it reports, one connecting and initiating), their JSON events agree on every game,
// and bad command lines or unreachable peers end with a clear message.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/json.hpp"
#include "system/process/process.hpp"
#include "tests/support/process_probe.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

std::unique_ptr<Process> start_dxp(std::vector<std::string> args) {
    ProcessOptions options;
    options.argv = {testing::draughts_binary().string(), "dxp"};
    options.argv.insert(options.argv.end(), args.begin(), args.end());
    auto process = Process::spawn(std::move(options));
    EXPECT_TRUE(process) << process.error().message;
    return process ? std::move(process).value() : nullptr;
}

/// Every line the process writes until it exits.
std::vector<std::string> all_lines(Process& process) {
    std::vector<std::string> lines;
    for (;;) {
        LineRead read = process.read_line(deadline_after(30s));
        if (read.status != LineRead::Status::Line) break;
        lines.push_back(read.line);
    }
    return lines;
}

/// One JSON event line written by the command (null, with a test failure, when not JSON).
Json event_of(const std::string& line) {
    const auto json = parse_json(line, "stdout");
    EXPECT_TRUE(json) << json.error().message;
    return json ? *json : Json();
}

/// The events of a list of lines with the given "event" value.
std::vector<Json> events(const std::vector<std::string>& lines, const std::string& name) {
    std::vector<Json> out;
    for (const std::string& line : lines) {
        Json json = event_of(line);
        if (json.value("event", "") == name) out.push_back(std::move(json));
    }
    return out;
}

TEST(DxpCommand, TwoEnginesPlayOverLoopbackAndAgreeOnTheResults) {
    // Both claim a draw after 25 moves each, so they agree where every game ends.
    auto listener = start_dxp({"--listen", "0", "--json", "--nodes", "400", "--max-moves", "25"});
    ASSERT_TRUE(listener);
    const LineRead listening_line = listener->read_line(deadline_after(10s));
    ASSERT_EQ(listening_line.status, LineRead::Status::Line);
    const Json listening = event_of(listening_line.line);
    EXPECT_EQ(listening.value("event", ""), "listening");
    EXPECT_EQ(listening.value("address", ""), "127.0.0.1");
    const int port = listening.value("port", 0);
    ASSERT_GT(port, 0) << listening_line.line;

    auto initiator =
        start_dxp({"--connect", "127.0.0.1:" + std::to_string(port), "--initiate", "--color",
                   "black", "--games", "2", "--nodes", "400", "--max-moves", "25", "--json"});
    ASSERT_TRUE(initiator);
    const std::vector<std::string> ours = all_lines(*initiator);
    const std::vector<std::string> theirs = all_lines(*listener);
    const auto ours_exit = initiator->wait_for_exit(deadline_after(10s));
    const auto theirs_exit = listener->wait_for_exit(deadline_after(10s));
    ASSERT_TRUE(ours_exit && theirs_exit);
    EXPECT_TRUE(ours_exit->success());
    EXPECT_TRUE(theirs_exit->success());

    const std::vector<Json> our_games = events(ours, "game");
    const std::vector<Json> their_games = events(theirs, "game");
    ASSERT_EQ(our_games.size(), 2U);
    ASSERT_EQ(their_games.size(), 2U);
    for (std::size_t i = 0; i < 2; ++i) {
        // --color names the first game's colour; the second game swaps them.
        EXPECT_EQ(our_games[i].at("color"), i == 0 ? "black" : "white");
        EXPECT_EQ(their_games[i].at("color"), i == 0 ? "white" : "black");
        EXPECT_EQ(our_games[i].at("result"), their_games[i].at("result"));
        EXPECT_EQ(our_games[i].at("plies"), their_games[i].at("plies"));
        EXPECT_EQ(our_games[i].at("moves"), their_games[i].at("moves"));
    }
    EXPECT_LE(our_games[0].at("plies").get<int>(), 50);
    ASSERT_FALSE(ours.empty());
    const Json end = event_of(ours.back());
    EXPECT_EQ(end.value("event", ""), "end");
    EXPECT_EQ(end.value("games", -1), 2);
    EXPECT_TRUE(end.contains("error") && end.at("error").is_null()) << ours.back();
}

TEST(DxpCommand, NeedsExactlyOneOfConnectAndListen) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{}, {"--connect", "127.0.0.1:1", "--listen", "0"}}) {
        auto process = start_dxp(args);
        ASSERT_TRUE(process);
        const auto status = process->wait_for_exit(deadline_after(10s));
        ASSERT_TRUE(status);
        EXPECT_EQ(*status, ExitStatus::exited(2));
    }
}

TEST(DxpCommand, AnUnreachablePeerIsReported) {
    ProcessOptions options;
    options.argv = {testing::draughts_binary().string(),
                    "dxp",
                    "--connect",
                    "127.0.0.1:1",
                    "--connect-timeout",
                    "0.2"};
    std::string errors;
    options.stderr_sink = stderr_sink::Lines{
        [&errors](std::string_view line) { errors += std::string(line) + "\n"; }};
    auto process = Process::spawn(std::move(options));
    ASSERT_TRUE(process);
    const auto status = (*process)->wait_for_exit(deadline_after(10s));
    ASSERT_TRUE(status);
    EXPECT_EQ(*status, ExitStatus::exited(2));
    EXPECT_NE(errors.find("cannot connect to 127.0.0.1:1"), std::string::npos) << errors;
}

TEST(DxpCommand, ABadAddressOrPortIsReported) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"--connect", "127.0.0.1:99999"},
          std::vector<std::string>{"--listen", "http"},
          std::vector<std::string>{"--listen", "0", "--bind", "not-an-address"}}) {
        auto process = start_dxp(args);
        ASSERT_TRUE(process);
        const auto status = process->wait_for_exit(deadline_after(10s));
        ASSERT_TRUE(status);
        EXPECT_EQ(*status, ExitStatus::exited(2)) << args[1];
    }
}

}  // namespace
}  // namespace draughts::harness
