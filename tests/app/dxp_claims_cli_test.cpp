// DXP engines that end games on their own turn, through the real `draughts` program: `draughts
// game` records an unfounded draw claim as a forfeit of its own, and `draughts match` counts
// resignations by their code in games.jsonl and summary.json (tests/mocks/dxp_resign.cpp,
// dxp_draw_claim.cpp).

#include <gtest/gtest.h>

#include <string>

#include "common/json.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::app {
namespace {

using testing::RunResult;

/// An engine setting for `--white`/`--black` running a DXP mock with `arguments`.
std::string mock_args(const std::string& arguments) { return "args=--port '{port}' " + arguments; }

TEST(DxpClaimsCommand, GameRecordsAnUnfoundedDrawClaimAsItsOwnForfeit) {
    testing::TempFolder folder("draughts_dxp_claims");
    const RunResult r = testing::run_draughts(
        folder.path(),
        {"game", "--white", "proto=dxp", "cmd=" + testing::mock_binary("dxp_draw_claim").string(),
         mock_args("--claim-at 2"), "--black", "random:1", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto json = parse_json(r.out, "stdout");
    ASSERT_TRUE(json) << r.out;
    EXPECT_EQ(json->at("termination"), "invalid_draw_claim");
    EXPECT_EQ(json->at("category"), "forfeit");
    EXPECT_EQ(json->at("result"), "0-2");
    EXPECT_EQ(json->at("plies"), 2);
}

TEST(DxpClaimsCommand, MatchCountsResignations) {
    testing::TempFolder folder("draughts_dxp_claims");
    folder.write("match.yaml",
                 "event: claims\ntime_control: nodes=100\ntournament: {games: 2}\n"
                 "engines:\n  - {name: builtin}\n  - {name: resigner, kind: dxp, command: " +
                     testing::mock_binary("dxp_resign").string() +
                     ", args: [--port, \"{port}\", --after, \"3\"]}\n");
    const RunResult r =
        testing::run_draughts(folder.path(), {"match", "match.yaml", "--output", "out", "--quiet"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto summary =
        parse_json(testing::read_text(folder.path() / "out" / "summary.json"), "summary.json");
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_EQ(summary->at("terminations"), Json({{"resignation", 2}})) << summary->dump();
    const std::string games = testing::read_text(folder.path() / "out" / "games.jsonl");
    EXPECT_NE(games.find("\"termination\":\"resignation\""), std::string::npos) << games;
    EXPECT_NE(games.find("resigned [FMJD 7.2.1]"), std::string::npos) << games;
}

}  // namespace
}  // namespace draughts::app
