// FEN: canonical writing with ranges, the lenient forms readers accept, and round trips on the
// positions of random games. (Malformed FENs are in malformed_input_test.cpp.)

#include "rules/fen.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "rules/movegen.hpp"

namespace draughts::rules {
namespace {

struct FenCase {
    std::string input;
    std::string canonical;
};

class FenReading : public ::testing::TestWithParam<FenCase> {};

TEST_P(FenReading, ReadsAndWritesCanonically) {
    const auto position = parse_fen(GetParam().input);
    ASSERT_TRUE(position) << position.error().message;
    EXPECT_EQ(to_fen(*position), GetParam().canonical);
}

INSTANTIATE_TEST_SUITE_P(
    Canonical, FenReading,
    ::testing::Values(
        FenCase{"W:W31-50:B1-20", "W:W31-50:B1-20"},
        FenCase{"W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,"
                "9,10,11,12,13,14,15,16,17,18,19,20",
                "W:W31-50:B1-20"},
        FenCase{"B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
                "B:W6,9-11,20-23,30,K31,33,37,41-44,46:BK17,K24"},
        // Runs of kings become king ranges; a man between kings breaks the run.
        FenCase{"W:WK31,K32,K33,34,K35:B1", "W:WK31-33,34,K35:B1"},
        FenCase{"W:W10,11:B40,41", "W:W10-11:B40-41"},  // ranges may cross rows
        FenCase{"B:WK1-5:BK46-50", "B:WK1-5:BK46-50"}));

INSTANTIATE_TEST_SUITE_P(
    Lenient, FenReading,
    ::testing::Values(FenCase{"W:W31-50:B1-20.", "W:W31-50:B1-20"},    // trailing dot
                      FenCase{"W:W31-50:B1-20 . ", "W:W31-50:B1-20"},  // spaced trailing dot
                      FenCase{" W : W 31 - 33 , K 40 : B 1 , 2 ", "W:W31-33,K40:B1-2"},  // spaces
                      FenCase{"B:B1-20:W31-50", "B:W31-50:B1-20"},      // either colour order
                      FenCase{"W:W:B1", "W:W:B1"},                      // empty colour
                      FenCase{"B:W31:B", "B:W31:B"},                    // empty colour, other side
                      FenCase{"W:W31", "W:W31:B"},                      // missing colour section
                      FenCase{"W:WK31-35:B1", "W:WK31-35:B1"},          // K on a range: all kings
                      FenCase{"W:WK1-3,K4,6:B", "W:WK1-4,6:B"},         // kings on the top row
                      FenCase{"\"W:W31-50:B1-20\"", "W:W31-50:B1-20"},  // quoted, as in a PDN tag
                      FenCase{"W:W31-50:B1-20\r\n", "W:W31-50:B1-20"}));  // line end

TEST(Fen, InitialFenIsTheInitialPosition) {
    const auto position = parse_fen(kInitialFen);
    ASSERT_TRUE(position);
    EXPECT_EQ(*position, Position::initial());
    EXPECT_EQ(to_fen(Position::initial()), kInitialFen);
}

TEST(Fen, KingOnRangeMakesEveryPieceOfTheRangeAKing) {
    const auto position = parse_fen("W:WK31-33,34:B1");
    ASSERT_TRUE(position);
    EXPECT_EQ(position->piece_at(31), Piece::WhiteKing);
    EXPECT_EQ(position->piece_at(33), Piece::WhiteKing);
    EXPECT_EQ(position->piece_at(34), Piece::WhiteMan);
    EXPECT_EQ(position->piece_at(1), Piece::BlackMan);
    EXPECT_EQ(position->side_to_move(), Color::White);
}

TEST(Fen, RoundTripsThePositionsOfRandomGames) {
    std::mt19937_64 rng(4242);
    int checked = 0;
    int with_kings = 0;
    for (int game = 0; game < 100; ++game) {
        Position position = Position::initial();
        for (int ply = 0; ply < 200; ++ply) {
            const std::string fen = to_fen(position);
            const auto parsed = parse_fen(fen);
            ASSERT_TRUE(parsed) << fen << ": " << parsed.error().message;
            ASSERT_EQ(*parsed, position) << fen;
            ASSERT_EQ(parsed->hash(), position.hash()) << fen;
            ASSERT_EQ(to_fen(*parsed), fen);
            ++checked;
            if (position.kings() != 0) ++with_kings;
            MoveList moves;
            generate_moves(position, moves);
            if (moves.empty()) break;
            position = position.after(
                moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
        }
    }
    EXPECT_GT(checked, 5000);
    EXPECT_GT(with_kings, 1000);
}

}  // namespace
}  // namespace draughts::rules
