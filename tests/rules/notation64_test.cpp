// Notation on the 64-square board: FEN with 32 squares, moves by number or algebraic name
// (a1 = 29, h8 = 4), and PDN games of GameType 25 (Russian) and 26 (Brazilian).

#include <gtest/gtest.h>

#include <string>

#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/pdn.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {
namespace {

TEST(Notation64, AlgebraicNames) {
    EXPECT_EQ(algebraic_name<Board8>(29), "a1");
    EXPECT_EQ(algebraic_name<Board8>(4), "h8");
    EXPECT_EQ(algebraic_name<Board8>(22), "c3");
    EXPECT_EQ(algebraic_name<Board8>(1), "b8");
}

TEST(Notation64, NumbersAndAlgebraicNamesGiveTheSameMove) {
    const auto start = BasicPosition<Russian>::initial();
    const auto by_number = parse_move(start, "22-18");
    const auto by_name = parse_move(start, "c3-d4");
    ASSERT_TRUE(by_number) << by_number.error().message;
    ASSERT_TRUE(by_name) << by_name.error().message;
    EXPECT_EQ(*by_number, *by_name);
    EXPECT_EQ(to_short_notation(*by_name), "22-18");
}

TEST(Notation64, CapturesWithColonOrX) {
    const auto position = parse_fen<Brazilian>("W:W22:B18");
    ASSERT_TRUE(position);
    const auto colon = parse_move(*position, "c3:e5");
    ASSERT_TRUE(colon) << colon.error().message;
    EXPECT_EQ(to_short_notation(*colon), "22x15");
    EXPECT_EQ(to_hub_notation(*colon), "22x15x18");
    EXPECT_EQ(*colon, *parse_move(*position, "22x15"));
}

TEST(Notation64, LightSquaresAndSquaresOffTheBoardAreRejected) {
    const auto start = BasicPosition<Russian>::initial();
    const auto light = parse_move(start, "c4-d5");
    ASSERT_FALSE(light);
    EXPECT_NE(light.error().message.find("light square"), std::string::npos)
        << light.error().message;
    const auto far = parse_move(start, "22-40");
    ASSERT_FALSE(far);
    EXPECT_NE(far.error().message.find("between 1 and 32"), std::string::npos)
        << far.error().message;
}

TEST(Notation64, LongNotationOfACrowningCapture) {
    // Russian: the man on b6 takes c7, is crowned on d8 and takes f6 as a king.
    const auto position = parse_fen<Russian>("W:W9:B6,11");
    ASSERT_TRUE(position);
    const auto move = parse_move(*position, "9x2x16");
    ASSERT_TRUE(move) << move.error().message;
    EXPECT_TRUE(move->crowns_in_capture());
    EXPECT_EQ(to_long_notation(*position, *move), "9x2x16");
    EXPECT_EQ(to_pdn_notation(*position, *move), "9x16");
}

TEST(Fen64, RoundTripWithKings) {
    const std::string fen = "B:WK4,21-23,K30:B1-3,K29";
    const auto position = parse_fen<Russian>(fen);
    ASSERT_TRUE(position) << position.error().message;
    EXPECT_EQ(to_fen(*position), fen);
    EXPECT_EQ(position->piece_at(4), Piece::WhiteKing);
    EXPECT_EQ(position->piece_at(29), Piece::BlackKing);
}

constexpr const char* kRussianGame =
    "[Event \"sample\"]\n[GameType \"25\"]\n[Result \"*\"]\n\n"
    "1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n";

TEST(Pdn64, ReadsARussianGameInAlgebraicNotation) {
    const auto read = read_pdn<Russian>(kRussianGame, "sample.pdn");
    ASSERT_TRUE(read.errors.empty()) << read.errors.front().message;
    EXPECT_TRUE(read.warnings.empty());
    ASSERT_EQ(read.games.size(), 1u);
    const auto& game = read.games.front();
    ASSERT_EQ(game.moves.size(), 4u);
    EXPECT_EQ(to_short_notation(game.moves[0]), "22-18");
    EXPECT_EQ(to_short_notation(game.moves[2]), "18x11");
    EXPECT_EQ(to_short_notation(game.moves[3]), "8x15");
    EXPECT_EQ(to_fen(game.final_position()), "W:W21,23-32:B1-7,9-10,12,15");
}

TEST(Pdn64, WarnsWhenTheGameTypeIsAnotherVariant) {
    const auto read = read_pdn<Brazilian>(kRussianGame, "sample.pdn");
    ASSERT_EQ(read.games.size(), 1u);
    ASSERT_EQ(read.warnings.size(), 1u);
    EXPECT_NE(read.warnings.front().message.find("is not brazilian draughts (26)"),
              std::string::npos)
        << read.warnings.front().message;
}

}  // namespace
}  // namespace draughts::rules
