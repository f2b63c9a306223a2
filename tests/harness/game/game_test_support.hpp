#pragma once
// Plays scripted games for the referee's tests: both sides' moves come from one list of plies.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/game/game_runner.hpp"
#include "tests/harness/game/scripted_player.hpp"

namespace draughts::testing {

/// Plays `plies` (alternating from the side to move in `fen`) on a fake clock, with 0.01 s per
/// move and no time limit unless `setup` says otherwise. The script ends exactly after the given
/// plies, so a game that should have ended earlier shows a shorter record, and one that goes on
/// ends in a "script exhausted" crash.
inline harness::GameRecord play_plies(const std::string& fen, const std::vector<std::string>& plies,
                                      harness::GameSetup setup = {}) {
    const auto start = harness::parse_start_position(fen);
    EXPECT_TRUE(start) << start.error().message;
    if (!start) return {};
    setup.start = *start;
    FakeTimeSource time;
    const auto [first, second] = split_plies(plies);
    const bool white_first = start->side_to_move() == rules::Color::White;
    ScriptedPlayer white(time, say_all(white_first ? first : second), "White player");
    ScriptedPlayer black(time, say_all(white_first ? second : first), "Black player");
    auto record = harness::play_game(setup, white, black, time);
    EXPECT_TRUE(record) << record.error().message;
    if (!record) return {};
    return std::move(*record);
}

}  // namespace draughts::testing
