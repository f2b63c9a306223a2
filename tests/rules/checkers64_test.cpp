// The checkers games Black starts on 64 squares: English draughts (men forwards only, kings one
// square) and pool checkers (men backwards too, flying kings), issue 40: a published English game
// between two programs replayed from its PDN, the checkers convention of the PDN result tokens and
// move numbers (docs/variants.md#english-draughts), names and GameTypes. Their perft is in
// variant_perft_test.cpp.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/fen.hpp"
#include "rules/game_result.hpp"
#include "rules/move_notation.hpp"
#include "rules/pdn.hpp"
#include "rules/pdn_writer.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {
namespace {

// A game between two programs, Milhouse (Black) and Chinook at its novice level, as published
// by Milhouse's author (brainwagon.org, "Sparring Milhouse versus Chinook", 2009-04-27): every
// move must be legal under the English rules, and "1-0" scores the first player, Black.
constexpr const char* kMilhouseChinook =
    "[Event \"Sparring Match\"]\n[Date \"2009-04-27\"]\n[Black \"Milhouse\"]\n"
    "[White \"Chinook (Amateur)\"]\n[Site \"Internet\"]\n[Result \"1-0\"]\n"
    "1. 12-16 22-17 2. 16-19 24x15 3. 11x18 23x14\n"
    "4. 9x18 28-24 5. 8-11 26-23 6. 6-9 23x14\n"
    "7. 9x18 24-19 8. 2-6 17-14 9. 10x17 21x14\n"
    "10. 4-8 31-26 11. 11-15 19x10 12. 6x15 25-21\n"
    "13. 8-11 29-25 14. 1-6 26-22 15. 6-9 21-17\n"
    "16. 9-13 27-23 17. 18x27 32x23 18. 15-19 23x16\n"
    "19. 11x20 30-26 20. 20-24 25-21 21. 7-10 14x7\n"
    "22. 3x10 26-23 23. 24-27 23-19 24. 27-31 19-16\n"
    "25. 31-26 16-11 26. 10-15 11-8 27. 26-23 8-3\n"
    "28. 23-18 3-8 29. 18x25 17-14 30. 25-22 14-10\n"
    "31. 22-18 8-11 32. 15-19 10-7 33. 13-17 21x14\n"
    "34. 18x9 11-15 35. 19-23 7-2 36. 23-26 15-10\n"
    "1-0\n";

TEST(CheckersPdn, AnEnglishGameBetweenTwoProgramsReplays) {
    const auto read = read_pdn<English>(kMilhouseChinook, "milhouse.pdn");
    ASSERT_TRUE(read.errors.empty()) << read.errors.front().message;
    ASSERT_EQ(read.games.size(), 1U);
    const auto& game = read.games.front();
    EXPECT_EQ(game.moves.size(), 72U);
    EXPECT_EQ(game.result, "0-2");  // Black won
    EXPECT_EQ(to_short_notation(game.moves[0]), "12-16");
    // Black crowns a king at move 24 (27-31); it captures at move 29 (18x25).
    EXPECT_EQ(to_short_notation(game.moves[56]), "18x25");
    EXPECT_EQ(to_fen(game.final_position()), "B:WK2,K10:B5,K9,26");
}

TEST(CheckersPdn, WrittenGamesNumberBlacksMovesAndScoreTheFirstPlayerFirst) {
    const auto read = read_pdn<English>(kMilhouseChinook, "milhouse.pdn");
    ASSERT_EQ(read.games.size(), 1U);
    const std::string written = write_pdn(read.games.front());
    EXPECT_NE(written.find("[Result \"1-0\"]"), std::string::npos) << written;
    EXPECT_NE(written.find("1. 12-16 22-17 2. 16-19 24x15"), std::string::npos) << written;
    EXPECT_NE(written.find("36. 23-26 15-10 1-0"), std::string::npos) << written;
    // Read back, the same game.
    const auto again = read_pdn<English>(written, "again.pdn");
    ASSERT_EQ(again.games.size(), 1U);
    EXPECT_EQ(again.games.front().moves, read.games.front().moves);
    EXPECT_EQ(again.games.front().result, "0-2");
}

TEST(CheckersPdn, ResultTokensOfBothConventions) {
    // The FMJD's tokens name White's score first in every variant; 1-0 and 0-1 score the first
    // player first.
    EXPECT_EQ(normalise_result("2-0", Color::Black), "2-0");
    EXPECT_EQ(normalise_result("0-2", Color::Black), "0-2");
    EXPECT_EQ(normalise_result("1-0", Color::Black), "0-2");
    EXPECT_EQ(normalise_result("0-1", Color::Black), "2-0");
    EXPECT_EQ(normalise_result("1/2-1/2", Color::Black), "1-1");
    EXPECT_EQ(normalise_result("1-0", Color::White), "2-0");
    EXPECT_EQ(pdn_result_token(GameResult::BlackWin, Color::Black), "1-0");
    EXPECT_EQ(pdn_result_token(GameResult::WhiteWin, Color::Black), "0-1");
    EXPECT_EQ(pdn_result_token(GameResult::Draw, Color::Black), "1/2-1/2");
    EXPECT_EQ(pdn_result_token(GameResult::WhiteWin, Color::White), "2-0");
}

TEST(CheckersVariants, NamesGameTypesAndFirstPlayer) {
    EXPECT_EQ(parse_variant("english"), Variant::English);
    EXPECT_EQ(parse_variant("Pool"), Variant::Pool);
    EXPECT_EQ(variant_of_game_type(21), Variant::English);
    EXPECT_EQ(variant_of_game_type(23), Variant::Pool);
    EXPECT_EQ(variant_of_game_type_tag("21,B,8,8,N1,0"), Variant::English);
    EXPECT_EQ(to_fen(BasicPosition<English>::initial()), "B:W21-32:B1-12");
    EXPECT_EQ(to_fen(BasicPosition<Pool>::initial()), "B:W21-32:B1-12");
}

}  // namespace
}  // namespace draughts::rules
