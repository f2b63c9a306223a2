#pragma once
// Checking the golden tables of tests/data against the independent oracles of tests/support,
// shared by the default-suite test and the slow one (which adds the larger endings).

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "tests/support/data_table.hpp"
#include "tests/support/endgame_oracle.hpp"
#include "tests/support/material_oracle.hpp"

namespace draughts::engine::test {

/// Checks one row of endgames.txt ("FEN ; win|draw ; note ; oracle plies") with the endgame
/// oracle, which may visit at most `node_limit` states. Returns false when the row was too big
/// for that budget (nothing is then checked), true when it was checked.
inline bool check_endgame_with_oracle(const testing::DataRow& row, std::uint64_t node_limit) {
    const std::string where = "endgames.txt:" + std::to_string(row.line);
    EXPECT_EQ(row.fields.size(), 4u) << where;
    if (row.fields.size() != 4u) return false;
    const auto board = testing::ref_board_from_fen(row.fields[0]);
    EXPECT_TRUE(board) << where << ": bad FEN";
    if (!board) return false;
    const int plies = std::stoi(row.fields[3]);
    const bool win = row.fields[1] == "win";
    EXPECT_TRUE(win || row.fields[1] == "draw") << where;
    testing::EndgameOracle oracle(node_limit);
    const bool holds = win ? oracle.side_to_move_wins_within(*board, plies)
                           : oracle.drawn_by_rule_within(*board, plies);
    if (oracle.gave_up()) return false;
    EXPECT_TRUE(holds) << where << ": "
                       << (win ? "no forced win within "
                               : "a side can win, or a line is open after ")
                       << plies << " plies";
    return true;
}

}  // namespace draughts::engine::test
