// The real `draughts dxp` command: two of them play each other over loopback (one listening on a
// free port it reports, one connecting and initiating), their JSON events agree on every game,
// and bad command lines or unreachable peers end with a clear message.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/process/process.hpp"
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

/// The value of a string or number field in a one-line JSON object written by the command.
std::string field(const std::string& json, const std::string& key) {
    const std::string quoted = "\"" + key + "\": ";
    const std::size_t at = json.find(quoted);
    if (at == std::string::npos) return {};
    std::size_t begin = at + quoted.size();
    if (json[begin] == '"') {
        ++begin;
        return json.substr(begin, json.find('"', begin) - begin);
    }
    return json.substr(begin, json.find_first_of(",}", begin) - begin);
}

TEST(DxpCommand, TwoEnginesPlayOverLoopbackAndAgreeOnTheResults) {
    // Both claim a draw after 25 moves each, so they agree where every game ends.
    auto listener = start_dxp({"--listen", "0", "--json", "--nodes", "400", "--max-moves", "25"});
    ASSERT_TRUE(listener);
    const LineRead listening = listener->read_line(deadline_after(10s));
    ASSERT_EQ(listening.status, LineRead::Status::Line);
    EXPECT_EQ(field(listening.line, "event"), "listening");
    EXPECT_EQ(field(listening.line, "address"), "127.0.0.1");
    const std::string port = field(listening.line, "port");
    ASSERT_FALSE(port.empty());

    auto initiator = start_dxp({"--connect", "127.0.0.1:" + port, "--initiate", "--color", "black",
                                "--games", "2", "--nodes", "400", "--max-moves", "25", "--json"});
    ASSERT_TRUE(initiator);
    const std::vector<std::string> ours = all_lines(*initiator);
    const std::vector<std::string> theirs = all_lines(*listener);
    const auto ours_exit = initiator->wait_for_exit(deadline_after(10s));
    const auto theirs_exit = listener->wait_for_exit(deadline_after(10s));
    ASSERT_TRUE(ours_exit && theirs_exit);
    EXPECT_TRUE(ours_exit->success());
    EXPECT_TRUE(theirs_exit->success());

    std::vector<std::string> our_games, their_games;
    for (const std::string& line : ours)
        if (field(line, "event") == "game") our_games.push_back(line);
    for (const std::string& line : theirs)
        if (field(line, "event") == "game") their_games.push_back(line);
    ASSERT_EQ(our_games.size(), 2U);
    ASSERT_EQ(their_games.size(), 2U);
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(field(our_games[i], "color"), "black");
        EXPECT_EQ(field(their_games[i], "color"), "white");
        EXPECT_EQ(field(our_games[i], "result"), field(their_games[i], "result"));
        EXPECT_EQ(field(our_games[i], "plies"), field(their_games[i], "plies"));
        EXPECT_EQ(our_games[i].substr(our_games[i].find("\"moves\"")),
                  their_games[i].substr(their_games[i].find("\"moves\"")));
    }
    EXPECT_LE(std::stoi(field(our_games[0], "plies")), 50);
    EXPECT_EQ(field(ours.back(), "event"), "end");
    EXPECT_EQ(field(ours.back(), "games"), "2");
    EXPECT_EQ(field(ours.back(), "error"), "null");
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
