// Frisian draughts and Frysk! (issue 40): two games played on lidraughts.org replayed move by
// move from their PDN, the first ending where its last king has made three quiet moves in a row
// and only the man may move [FRS 6]; the limit on a king's quiet moves in a row, move by move
// (another piece's move, a capture and a side without men free the king); names, GameType and
// the Frysk! start. Perft is in variant_perft_test.cpp, rulebook positions in
// variant_rulebook_test.cpp, the draw rules in variant_game_state_test.cpp.

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "rules/pdn.hpp"
#include "rules/variant.hpp"
#include "tests/support/legal_moves.hpp"

namespace draughts::rules {
namespace {

/// The position after `moves` (short notation, each the only legal move that reads so) from
/// `fen`, with the runs of king moves that a replay carries.
template <typename V>
BasicPosition<V> after_moves(const std::string& fen, const std::vector<std::string>& moves) {
    auto position = parse_fen<V>(fen);
    EXPECT_TRUE(position) << position.error().message;
    BasicPosition<V> p = *position;
    for (const std::string& text : moves) {
        BasicMoveList<V> legal;
        generate_moves(p, legal);
        const auto it = std::find_if(legal.begin(), legal.end(), [&](const BasicMove<V>& m) {
            return to_short_notation(m) == text;
        });
        EXPECT_NE(it, legal.end()) << text << " is not legal in " << to_fen(p);
        if (it == legal.end()) return p;
        p = p.after(*it);
    }
    return p;
}

// A Frisian game played on lidraughts.org (as replayed by the pydraughts test suite,
// test_variants.py). White's king made its third quiet move in a row at move 61 (26-48, 48-37,
// 37-19 after the capture 43x26), so White, who still has a man, may only move the man [FRS 6].
constexpr const char* kLidraughtsFrisianGame =
    "[GameType \"40\"]\n"
    "1. 32-27 19-23 2. 27-21 17x26 3. 31-27 26x28 4. 33x24 20x29 5. 39x17 12x21\n"
    "6. 34-30 21-26 7. 30-25 13-18 8. 38-32 8-12 9. 40-34 12-17 10. 34-30 7-12\n"
    "11. 43-38 14-20 12. 25x14 9x40 13. 45x34 17-21 14. 34-30 18-22 15. 30-25 12-17\n"
    "16. 32x12 17x8 17. 38-33 21-27 18. 37x17 11x22 19. 33-29 22-27 20. 29-24 2-7\n"
    "21. 42-37 16-21 22. 36x16 6x26 23. 37x17 21x12 24. 41-36 1-6 25. 36x16 6x26\n"
    "26. 46-41 12-17 27. 41-37 17-22 28. 37-32 22x42 29. 48x37 8-12 30. 50-45 3-9\n"
    "31. 44-39 10-14 32. 24-20 15x24 33. 25x23 14-20 34. 49-44 12-17 35. 44-40 17-22\n"
    "36. 23x21 26x17 37. 39-34 17-21 38. 37-31 21x41 39. 47x36 4-10 40. 34-30 9-13\n"
    "41. 30-25 7-12 42. 25x14 10x19 43. 35-30 19-23 44. 36-31 12-17 45. 30-25 23-29\n"
    "46. 40-34 29x40 47. 45x34 5-10 48. 34-29 10-14 49. 29-24 14x34 50. 25-20 34-40\n"
    "51. 20-15 40-45 52. 15-10 13-19 53. 10-5 19-24 54. 5-32 24-29 55. 32-49 29-33\n"
    "56. 49-43 17-21 57. 43x26 45-50 58. 31-27 50-39 59. 26-48 39-50 60. 48-37 50-44\n"
    "61. 37-19 44-49 *\n";

TEST(FrisianGames, ALidraughtsGameReplaysAndEndsOnTheKingMoveLimit) {
    const auto read = read_pdn<Frisian>(kLidraughtsFrisianGame, "frisian.pdn");
    ASSERT_TRUE(read.errors.empty()) << read.errors.front().message;
    ASSERT_EQ(read.games.size(), 1U);
    const auto& game = read.games.front();
    ASSERT_EQ(game.moves.size(), 122U);
    const BasicPosition<Frisian> end = game.final_position();
    EXPECT_EQ(to_fen(end), "W:WK19,27:BK49");
    EXPECT_EQ(end.king_run_length(Color::White), 3);
    EXPECT_EQ(test::sorted_short_moves(end), (std::vector<std::string>{"27-21", "27-22"}));
    // Read from its FEN, the position carries no run: the king is free again.
    const auto from_fen = parse_fen<Frisian>(to_fen(end));
    ASSERT_TRUE(from_fen);
    EXPECT_GT(test::sorted_short_moves(*from_fen).size(), 2U);
}

// A Frysk! game played on lidraughts.org (the same source): five men each on the back rows.
constexpr const char* kLidraughtsFryskGame =
    "1. 48-43 1-7 2. 43-39 7-11 3. 46-41 11-17 4. 41-37 17-21 5. 37-31 21x41\n"
    "6. 47x36 5-10 7. 36-31 3-8 8. 49-44 10-14 9. 44-40 8-12 10. 40-35 14-20\n"
    "11. 39-33 20-24 12. 50-45 4-9 13. 33-28 2-8 14. 28-22 12x32 15. 31x33 8-12\n"
    "16. 35-30 24x35 17. 45x25 9-14 18. 33-28 12-17 19. 28-23 17-21 20. 23-18 21-27\n"
    "21. 18-12 27-31 22. 12-7 31-37 23. 7-1 37-42 24. 1-18 42-47 25. 18-4 47-36\n"
    "26. 4x34 36-41 27. 25-20 41-10 28. 20-15 10-19 29. 34-12 19-28 30. 12-34 28-19\n"
    "31. 15-10 19x5 32. 34-18 5-14 33. 18-22 14-10 *\n";

TEST(FrisianGames, ALidraughtsFryskGameReplays) {
    EXPECT_EQ(to_fen(BasicPosition<Frysk>::initial()), "W:W46-50:B1-5");
    const auto read = read_pdn<Frysk>(kLidraughtsFryskGame, "frysk.pdn");
    ASSERT_TRUE(read.errors.empty()) << read.errors.front().message;
    ASSERT_EQ(read.games.size(), 1U);
    EXPECT_EQ(read.games.front().moves.size(), 66U);
    EXPECT_EQ(to_fen(read.games.front().final_position()), "W:WK22:BK10");
}

// White: a king on 46 and a man on 35; Black: men on 3 and 4 that step down off the king's lines.
constexpr const char* kKingAndMan = "W:WK46,35:B3,4";
const std::vector<std::string> kThreeKingMoves = {"46-41", "3-8", "41-46", "8-12", "46-41", "4-9"};

std::vector<std::string> with(std::vector<std::string> v, std::initializer_list<std::string> more) {
    v.insert(v.end(), more);
    return v;
}

TEST(FrisianKingMoveLimit, ThreeQuietMovesInARowThenAnotherPiece) {
    const auto p = after_moves<Frisian>(kKingAndMan, kThreeKingMoves);
    EXPECT_EQ(p.king_run_length(Color::White), 3);
    // The king may not move a fourth time: only the man [FRS 6].
    EXPECT_EQ(test::sorted_short_moves(p), (std::vector<std::string>{"35-30"}));
    // The man's move frees the king.
    const auto q = after_moves<Frisian>(kKingAndMan, with(kThreeKingMoves, {"35-30", "12-18"}));
    EXPECT_EQ(q.king_run_length(Color::White), 0);
    const auto moves = test::sorted_short_moves(q);
    EXPECT_NE(std::find(moves.begin(), moves.end(), "41-46"), moves.end());
}

TEST(FrisianKingMoveLimit, AnotherKingStartsItsOwnCount) {
    const char* fen = "W:WK46,K50,35:B3,4";
    const auto p = after_moves<Frisian>(fen, with(kThreeKingMoves, {"50-44"}));
    EXPECT_EQ(p.king_run_length(Color::White), 1);
    EXPECT_EQ(p.king_in_run(Color::White), Frisian::Board::bit_index(44));
    // After one move by the other king, the first may move again.
    const auto q = after_moves<Frisian>(fen, with(kThreeKingMoves, {"50-44", "12-18"}));
    const auto moves = test::sorted_short_moves(q);
    EXPECT_NE(std::find(moves.begin(), moves.end(), "41-46"), moves.end());
}

TEST(FrisianKingMoveLimit, ACaptureIsAllowedAfterThreeMovesAndEndsTheRun) {
    // Black's third move puts a man on the king's diagonal: the king, after three quiet moves,
    // must take it [FRS 6], and the capture ends its run.
    const char* fen = "W:WK46,35:B3,4,13";
    const std::vector<std::string> moves = {"46-41", "3-8", "41-46", "8-12", "46-41", "13-19"};
    const auto p = after_moves<Frisian>(fen, moves);
    EXPECT_EQ(p.king_run_length(Color::White), 3);
    const auto captures = test::sorted_short_moves(p);
    ASSERT_FALSE(captures.empty());
    for (const std::string& move : captures) EXPECT_EQ(move.substr(0, 3), "41x") << move;
    EXPECT_EQ(
        after_moves<Frisian>(fen, with(moves, {captures.front()})).king_run_length(Color::White),
        0);
}

// The line of defence that Rein Halbersma's engine found in a famous Frisian ending, published
// with a warning that the engine did not yet know the limit [FRS EX 1]: after 5. 10-14, 6. 14-28
// and 7. 28-37 White's king has made three quiet moves in a row, so the engine's 8. 37-26 is
// illegal and only the man may move. Black, with kings only, is never limited.
TEST(FrisianKingMoveLimit, HalbersmasEndingLineStopsTheKingBeforeItsFourthMove) {
    const auto p = after_moves<Frisian>(
        "W:W28,K46:BK43", {"28-22", "43-38", "46-41", "38-16", "41-10", "16-2", "22-18", "2-35",
                           "10-14", "35-8", "14-28", "8-30", "28-37", "30-35"});
    EXPECT_EQ(to_fen(p), "W:W18,K37:BK35");
    EXPECT_EQ(p.king_run_length(Color::White), 3);
    EXPECT_EQ(p.king_run_length(Color::Black), 0);
    EXPECT_EQ(test::sorted_short_moves(p), (std::vector<std::string>{"18-12", "18-13"}));
}

TEST(FrisianKingMoveLimit, ASideWithoutMenHasNoLimit) {
    const auto p = after_moves<Frisian>("W:WK46:B3,4", kThreeKingMoves);
    EXPECT_EQ(p.king_run_length(Color::White), 0);
    const auto moves = test::sorted_short_moves(p);
    EXPECT_NE(std::find(moves.begin(), moves.end(), "41-46"), moves.end());
}

TEST(FrisianVariant, NamesAndGameType) {
    EXPECT_EQ(variant_from_name("frisian").value(), Variant::Frisian);
    EXPECT_EQ(variant_from_name("frysk").value(), Variant::Frysk);
    EXPECT_EQ(hub_variant_name(Variant::Frisian), "frisian");
    EXPECT_EQ(game_type_of(Variant::Frysk), 40);
    EXPECT_EQ(variant_of_game_type_tag("40"), Variant::Frisian);
    // Frysk! shares GameType 40: its Variant tag names it.
    EXPECT_EQ(variant_of_pdn_tags("40", "frysk"), Variant::Frysk);
    EXPECT_FALSE(game_type_names(Variant::Frysk));
}

}  // namespace
}  // namespace draughts::rules
