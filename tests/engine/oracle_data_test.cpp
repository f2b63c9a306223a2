// The golden data of tests/data confirmed by independent oracles (tests/support): every tactical
// shot of tactics.txt by the material minimax, the endings of endgames.txt that the endgame
// search settles within a node budget (all of them in oracle_data_slowtest.cpp), and the oracles'
// own parts (FEN reading, material, draw-rule classes) checked by hand and against the rules core.

#include "tests/engine/oracle_data.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "rules/draw_rules.hpp"
#include "rules/fen.hpp"
#include "rules/position.hpp"
#include "tests/support/reference_convert.hpp"

namespace draughts::engine {
namespace {

using testing::RefBoard;
using testing::RefMove;
using testing::RefPiece;

/// Text of a reference move in the data's notation ("42-37", or "26x37" for a capture).
std::string move_text(const RefMove& move) {
    return std::to_string(move.from) + (move.captured.empty() ? "-" : "x") +
           std::to_string(move.to);
}

/// Checks one row of tactics.txt ("FEN ; move ; gain ; depth"): searched to `depth` plies, the
/// listed quiet move wins at least `gain` men over the balance and no other move gains at all.
void check_tactic(const testing::DataRow& row) {
    const std::string where = "tactics.txt:" + std::to_string(row.line);
    ASSERT_EQ(row.fields.size(), 4u) << where;
    const auto board = testing::ref_board_from_fen(row.fields[0]);
    ASSERT_TRUE(board) << where << ": bad FEN";
    const int gain = std::stoi(row.fields[2]);
    const int depth = std::stoi(row.fields[3]);
    EXPECT_GE(gain, 1) << where;
    const int balance = testing::ref_material(*board);
    testing::MaterialOracle oracle;
    int listed = 0;
    for (const RefMove& move : testing::reference_moves(*board)) {
        const std::string text = move_text(move);
        if (text == row.fields[1]) {
            ++listed;
            EXPECT_TRUE(move.captured.empty()) << where << ": " << text << " is no quiet move";
            EXPECT_TRUE(oracle.move_value_at_least(*board, move, depth, balance + gain))
                << where << ": " << text << " does not win " << gain << " in " << depth;
        } else {
            EXPECT_TRUE(oracle.move_value_at_most(*board, move, depth, balance))
                << where << ": " << text << " gains material too in " << depth << " plies";
        }
    }
    EXPECT_EQ(listed, 1) << where << ": " << row.fields[1] << " is not one legal move";
}

TEST(TacticsOracleData, EveryShotWinsItsGainAndNoOtherMoveGains) {
    const auto rows = testing::read_data_table("tactics.txt");
    ASSERT_GE(rows.size(), 20u);
    for (const auto& row : rows) check_tactic(row);
}

TEST(EndgameOracleData, SmallEndingsHaveTheirStatedOutcome) {
    const auto rows = testing::read_data_table("endgames.txt");
    ASSERT_GE(rows.size(), 9u);
    int checked = 0;
    for (const auto& row : rows) checked += test::check_endgame_with_oracle(row, 100'000) ? 1 : 0;
    // All but the deep wins (29 plies of man against two men, 11 of three kings against one),
    // which need hundreds of thousands of states: those run in oracle_data_slowtest.cpp.
    EXPECT_GE(checked, 7);
}

/// The rules core's reading of a FEN as a reference board.
RefBoard board_from_rules_core(const std::string& fen) {
    const auto position = rules::parse_fen(fen);
    EXPECT_TRUE(position) << fen;
    return position ? testing::to_reference(*position) : RefBoard{};
}

TEST(OracleFen, ReadsEveryDataFenLikeTheRulesCore) {
    int read = 0;
    for (const char* table : {"tactics.txt", "endgames.txt"}) {
        for (const auto& row : testing::read_data_table(table)) {
            const auto board = testing::ref_board_from_fen(row.fields.at(0));
            ASSERT_TRUE(board) << table << ":" << row.line;
            EXPECT_EQ(*board, board_from_rules_core(row.fields[0])) << table << ":" << row.line;
            ++read;
        }
    }
    EXPECT_GE(read, 29);
    for (const char* bad : {"", "W", "X:W1", "W:W51", "W:W5-3", "W:W1,1", "W:Z1", "W:W1,,2"})
        EXPECT_FALSE(testing::ref_board_from_fen(bad)) << bad;
}

TEST(MaterialOracle, CountsMenAsOneAndKingsAsThree) {
    // White: men 31, 32 and a king on 1 = 1 + 1 + 3; Black: a man on 10 = 1.
    EXPECT_EQ(testing::ref_material(*testing::ref_board_from_fen("W:W31,32,K1:B10")), 4);
    EXPECT_EQ(testing::ref_material(*testing::ref_board_from_fen("B:W31,32,K1:B10")), -4);
}

TEST(MaterialOracle, ASideWithoutMovesHasLost) {
    // 28x19 takes Black's last man: Black, to move, has lost.
    const RefBoard board = *testing::ref_board_from_fen("W:W28:B23");
    testing::MaterialOracle oracle;
    EXPECT_EQ(oracle.search(board, 1, -2 * testing::kOracleLoss, 2 * testing::kOracleLoss),
              testing::kOracleLoss);
    // Two men that cannot meet within three plies: nothing changes hands.
    const RefBoard quiet = *testing::ref_board_from_fen("W:W46:B5");
    EXPECT_EQ(oracle.search(quiet, 3, -2 * testing::kOracleLoss, 2 * testing::kOracleLoss), 0);
}

TEST(EndgameOracle, TheFiveMoveRuleDrawsAfterTenPliesNotBefore) {
    // Two kings against a king on the long diagonal: no side can win, and the 5-move rule
    // [6.4] ends every line at ply 10; after 8 plies lines are still open.
    const RefBoard board = *testing::ref_board_from_fen("W:WK1,K2:BK46");
    testing::EndgameOracle oracle;
    EXPECT_TRUE(oracle.drawn_by_rule_within(board, 10));
    EXPECT_FALSE(oracle.drawn_by_rule_within(board, 8));
    EXPECT_FALSE(oracle.side_to_move_wins_within(board, 9));
}

TEST(EndgameOracle, AWinNeedsItsPlies) {
    // 28-5, the black king must leave 46 along the long diagonal, and 5 takes it: ply 3.
    const RefBoard board = *testing::ref_board_from_fen("W:WK28:BK46");
    testing::EndgameOracle oracle;
    EXPECT_TRUE(oracle.side_to_move_wins_within(board, 3));
    EXPECT_FALSE(oracle.side_to_move_wins_within(board, 1));
}

/// A reference board as a rules-core position.
rules::Position position_of(const RefBoard& board) {
    rules::Bitboard white = 0;
    rules::Bitboard black = 0;
    rules::Bitboard kings = 0;
    for (int s = 1; s <= 50; ++s) {
        const RefPiece p = board.squares[static_cast<std::size_t>(s)];
        if (p == RefPiece::WhiteMan || p == RefPiece::WhiteKing) white |= rules::square_bit(s);
        if (p == RefPiece::BlackMan || p == RefPiece::BlackKing) black |= rules::square_bit(s);
        if (p == RefPiece::WhiteKing || p == RefPiece::BlackKing) kings |= rules::square_bit(s);
    }
    return rules::Position::from_bitboards(
        white, black, kings, board.white_to_move ? rules::Color::White : rules::Color::Black);
}

/// The rules core's class of ending as the oracle's ply limit.
int rules_core_limit(const rules::Position& position) {
    switch (rules::endgame_rule(position)) {
        case rules::EndgameRule::SixteenMoves:
            return 32;
        case rules::EndgameRule::FiveMoves:
            return 10;
        case rules::EndgameRule::None:
            break;
    }
    return 0;
}

TEST(EndgameOracle, ClassifiesEndingsLikeTheRulesCore) {
    // Random boards of two to five pieces, men off their promotion rows, either side to move.
    std::mt19937 rng(31);
    int counted = 0;
    for (int i = 0; i < 20000; ++i) {
        RefBoard board;
        const int pieces = 2 + static_cast<int>(rng() % 4);
        for (int k = 0; k < pieces; ++k) {
            const int s = 1 + static_cast<int>(rng() % 50);
            const bool white = rng() % 2 == 0;
            const bool king = rng() % 2 == 0 || (white ? s <= 5 : s >= 46);
            board.squares[static_cast<std::size_t>(s)] =
                white ? (king ? RefPiece::WhiteKing : RefPiece::WhiteMan)
                      : (king ? RefPiece::BlackKing : RefPiece::BlackMan);
        }
        const int limit = testing::ref_ending_limit(board);
        EXPECT_EQ(limit, rules_core_limit(position_of(board))) << testing::ref_describe(board);
        counted += limit != 0 ? 1 : 0;
    }
    EXPECT_GT(counted, 2000);
}

}  // namespace
}  // namespace draughts::engine
