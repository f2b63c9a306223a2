// The viewer's embedded game data: base64, varints, the move encoding, and deflate.

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>

#include "report/base64.hpp"
#include "report/board_code.hpp"
#include "report/deflate.hpp"
#include "report/move_encoding.hpp"
#include "rules/fen.hpp"

namespace draughts::report {
namespace {

TEST(Base64, Rfc4648TestVectors) {
    EXPECT_EQ(base64_encode(""), "");
    EXPECT_EQ(base64_encode("f"), "Zg==");
    EXPECT_EQ(base64_encode("fo"), "Zm8=");
    EXPECT_EQ(base64_encode("foo"), "Zm9v");
    EXPECT_EQ(base64_encode("foob"), "Zm9vYg==");
    EXPECT_EQ(base64_encode("fooba"), "Zm9vYmE=");
    EXPECT_EQ(base64_encode("foobar"), "Zm9vYmFy");
    EXPECT_EQ(base64_encode(std::string("\xff\xfe\x00", 3)), "//4A");
}

TEST(Varint, SevenBitsAByteLowFirstAndZigzagForSigned) {
    std::string out;
    put_varint(out, 0);
    put_varint(out, 127);
    put_varint(out, 300);
    EXPECT_EQ(out, std::string("\x00\x7f\xac\x02", 4));
    out.clear();
    for (const std::int64_t v : {0, -1, 1, -2, 2}) put_signed(out, v);
    EXPECT_EQ(out, std::string("\x00\x01\x02\x03\x04", 5));
}

TEST(Deflate, InflatesBackWithZlib) {
    const std::string text(5000, 'a');
    const auto packed = deflate_bytes(text);
    ASSERT_TRUE(packed);
    EXPECT_LT(packed->size(), 100U);
    std::string back(text.size(), '\0');
    uLongf size = static_cast<uLongf>(back.size());
    ASSERT_EQ(uncompress(reinterpret_cast<Bytef*>(back.data()), &size,
                         reinterpret_cast<const Bytef*>(packed->data()),
                         static_cast<uLong>(packed->size())),
              Z_OK);
    EXPECT_EQ(back, text);
}

MatchGame game_of(std::string fen, std::vector<std::string> moves) {
    MatchGame game;
    game.start_fen = std::move(fen);
    for (std::string& m : moves) game.moves.push_back({.text = std::move(m)});
    return game;
}

TEST(ReplayGame, QuietMovesAndCapturesWithTheirCapturedPieces) {
    // 32-28 19-23 28x19 (capturing 23) 14x23 (capturing 19).
    MatchGame game = game_of("W:W31-50:B1-20", {"32-28", "19-23", "28x19", "14x23"});
    replay_game(game);
    EXPECT_EQ(game.replayed, 4U);
    const auto rel = [](int square, int from) { return static_cast<char>(square - from + 50); };
    const std::string expected =
        std::string{32, rel(28, 32)} + std::string{19, rel(23, 19)} +
        std::string{28, static_cast<char>(rel(19, 28) | 0x80), 1, rel(23, 28)} +
        std::string{14, static_cast<char>(rel(23, 14) | 0x80), 1, rel(19, 14)};
    EXPECT_EQ(game.encoded_moves, expected);
    EXPECT_EQ(game.final_board,
              *board_of_fen(rules::Variant::International, "W:W31,33-50:B1-13,15-18,20,23"));
}

// Issue 35: the games of a Brazilian or Russian match were replayed on the 10x10 board.
TEST(ReplayGame, A64SquareGameIsReplayedUnderItsOwnRules) {
    // Brazilian: 22-18 11-15 18x11, legal on 64 squares only (11-15 is no move on 100).
    MatchGame game = game_of("W:W21-32:B1-12", {"22-18", "11-15", "18x11"});
    game.variant = "brazilian";
    replay_game(game);
    EXPECT_EQ(game.replayed, 3U);
    EXPECT_EQ(game.final_board.size, 8);
    EXPECT_EQ(game.final_board,
              *board_of_fen(rules::Variant::Brazilian, "B:W11,21,23-32:B1-10,12"));
    // The same text read as an international game does not replay past its first move.
    MatchGame wrong = game_of("W:W21-32:B1-12", {"22-18", "11-15", "18x11"});
    replay_game(wrong);
    EXPECT_NE(wrong.final_board.size, 8);
}

TEST(ReplayGame, ARussianManCrownedDuringACaptureCapturesOnAsAKing) {
    // The man on 11 takes 7 and reaches 2, Black's back rank: in Russian draughts it is crowned
    // there and goes on as a king, taking 6 and flying on to 13, which a man cannot reach; under
    // Brazilian rules the same move is illegal (the man would stop on 9).
    MatchGame russian = game_of("W:W11:B6,7,28", {"11x13"});
    russian.variant = "russian";
    replay_game(russian);
    ASSERT_EQ(russian.replayed, 1U);
    EXPECT_EQ(russian.final_board, *board_of_fen(rules::Variant::Russian, "B:WK13:B28"));
    MatchGame brazilian = game_of("W:W11:B6,7,28", {"11x13"});
    brazilian.variant = "brazilian";
    replay_game(brazilian);
    EXPECT_EQ(brazilian.replayed, 0U);
}

TEST(ReplayGame, ACrowningIsEncodedWithTheMove) {
    // A White man on 6 (8x8) steps to 1 and is crowned: the page learns it from the move.
    MatchGame quiet = game_of("W:W6:B28", {"6-1"});
    quiet.variant = "brazilian";
    replay_game(quiet);
    ASSERT_EQ(quiet.replayed, 1U);
    EXPECT_EQ(quiet.encoded_moves[0], static_cast<char>(6 | kCrownsBit));
    EXPECT_EQ(quiet.final_board.squares[0], 'W');
}

TEST(ReplayGame, StopsAtAMoveThatIsNotPlayable) {
    MatchGame game = game_of("W:W31-50:B1-20", {"32-28", "28-23", "19-23"});
    replay_game(game);
    EXPECT_EQ(game.replayed, 1U);  // 28-23 is Black's turn and not its piece
    MatchGame bad_fen = game_of("nonsense", {"32-28"});
    replay_game(bad_fen);
    EXPECT_EQ(bad_fen.replayed, 0U);
}

}  // namespace
}  // namespace draughts::report
