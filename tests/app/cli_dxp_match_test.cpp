// `draughts match` with a DXP engine, run as the real program: `draughts dxp` (started by the
// harness with the port it listens on) plays the built-in engine to the end, every DXP message is
// in engines.log with log_protocol, and the run exits 0.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "records/results_folder.hpp"
#include "system/process/process.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

using testing::read_text;

TEST(DxpMatchCommand, ADxpEnginePlaysAMatchThroughTheRealProgram) {
    const fs::path dir =
        fs::temp_directory_path() / ("draughts-dxp-match-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string draughts = testing::draughts_binary().string();
    std::ofstream(dir / "match.yaml") << "event: dxp-cli\ntime_control: nodes=200\n"
                                         "log_protocol: true\ntournament: {games: 2}\n"
                                         "engines:\n  - {name: builtin}\n"
                                         "  - {name: remote, kind: dxp, command: "
                                      << draughts
                                      << ", args: [dxp, --connect, \"{host}:{port}\", --nodes, "
                                         "\"200\"]}\n";
    ProcessOptions options;
    options.argv = {
        draughts, "match", (dir / "match.yaml").string(), "--output", (dir / "out").string(),
        "--quiet"};
    auto process = Process::spawn(std::move(options));
    ASSERT_TRUE(process) << process.error().message;
    const auto status = (*process)->wait_for_exit(deadline_after(60s));
    ASSERT_TRUE(status);
    EXPECT_TRUE(status->success()) << status->describe();

    const auto run = read_results(dir / "out");
    ASSERT_TRUE(run) << run.error().message;
    ASSERT_EQ(run->pairs.size(), 1U) << read_text(dir / "out" / kJsonlFile);
    for (const StoredGame& game : run->pairs[0]) {
        EXPECT_TRUE(game.line.at("white") == "remote" || game.line.at("black") == "remote");
        EXPECT_NE(game.line.at("termination"), "disconnect") << game.line;
    }
    const std::string log = read_text(dir / "out" / "engines.log");
    EXPECT_NE(log.find("remote#1 > R01draughts"), std::string::npos) << log.substr(0, 2000);
    EXPECT_NE(log.find("remote#1 < Adraughts"), std::string::npos);
    EXPECT_NE(log.find("remote#1 > E"), std::string::npos);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace draughts::harness
