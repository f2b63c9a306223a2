#pragma once
// What the tests that play the project's own engine as a real child process share: how to start
// `draughts hub` behind a HubPlayer, a game at a fixed node count (so that its moves do not
// depend on the machine's speed) from a start position, and two start positions.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/game/game_runner.hpp"
#include "harness/hub/hub_player.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::testing {

/// The node count of the fixed-node games: a few hundredths of a second per move.
inline constexpr const char* kFixedNodes = "3000";

/// Two start positions: the initial one (White to move) and one after 32-28 (Black to move).
inline constexpr const char* kEngineGameOpenings[] = {
    "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,"
    "13,14,15,16,17,18,19,20",
    "B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,"
    "13,14,15,16,17,18,19,20",
};

/// `draughts hub` as a Hub engine called `name`, its stderr passed through.
inline harness::HubPlayerOptions draughts_hub(const std::string& name) {
    harness::HubPlayerOptions options;
    options.name = name;
    options.client.process.argv = {draughts_binary().string(), "hub"};
    options.client.process.stderr_sink = harness::stderr_sink::Inherit{};
    return options;
}

/// A game from `start_fen` at kFixedNodes nodes a move, adjudicated after 60 moves.
inline harness::GameSetup fixed_nodes_setup(const char* start_fen) {
    harness::GameSetup setup;
    const auto tc = harness::parse_time_control(std::string("nodes=") + kFixedNodes);
    EXPECT_TRUE(tc);
    setup.set_time_control(*tc);
    setup.adjudication.max_moves = 60;
    const auto start = harness::parse_start_position(start_fen);
    EXPECT_TRUE(start) << start.error().message;
    if (start) setup.start = *start;
    return setup;
}

/// The moves of a game, as notated.
inline std::vector<std::string> notations(const harness::GameRecord& record) {
    std::vector<std::string> result;
    for (const harness::PlyRecord& ply : record.plies) result.push_back(ply.notation);
    return result;
}

}  // namespace draughts::testing
