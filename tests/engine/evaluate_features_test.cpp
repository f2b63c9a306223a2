// Every hand-written evaluation term pinned on small positions whose feature counts are worked
// out by hand below, independently of engine/evaluate.cpp: each test compares the whole term
// part of the trace (every term, middle game and endgame) with the hand count.
//
// Geometry used in the comments: square s lies on row r = (s - 1) / 5 (row 0 holds 1-5) and in
// column 2 * ((s - 1) % 5) + 1 on even rows, 2 * ((s - 1) % 5) on odd rows (0 = left). A White man
// moves up (row - 1), its advancement is a = 9 - r, and the squares "behind" it are the two on
// row r + 1 (columns c - 1, c + 1). Black's features are the same counts on the board turned
// round (square s read as 51 - s), and the trace holds White's count minus Black's. The phase is
// max(0, men - 8): with at most 8 men only the endgame weights get a coefficient, 32 per unit.

#include <gtest/gtest.h>

#include <string>

#include "engine/evaluate.hpp"
#include "rules/fen.hpp"
#include "tests/engine/trace_by_name.hpp"

namespace draughts::engine {
namespace {

using test::expected_terms;
using test::named_coefficients;

EvalTrace trace_of(const char* fen) {
    const auto position = rules::parse_fen(fen);
    EXPECT_TRUE(position) << fen;
    return trace_evaluation(position ? *position : rules::Position{});
}

TEST(EvaluateFeatures, ALoneManInTheCentre) {
    // 28: r5, c4, a4. man 1; tempo 4; centre (22-24, 27-29) 1; balance |1 on the left half
    // (c <= 4) - 0| = 1; mobility: 22 (r4 c3) and 23 (r4 c5) are empty, 2; runaway: nothing on
    // rows 0-4, 1. Not supported (32 and 33 behind are empty), no flank (c4). Black has nothing.
    const EvalTrace trace = trace_of("W:W28:B");
    EXPECT_EQ(trace.phase, 0);  // one man
    EXPECT_EQ(named_coefficients(trace, false), expected_terms(0, {{"man", 1},
                                                                   {"tempo", 4},
                                                                   {"centre", 1},
                                                                   {"balance", 1},
                                                                   {"man_mobility", 2},
                                                                   {"runaway", 1}}));
}

TEST(EvaluateFeatures, BackRankSupportAndFlank) {
    // 46: r9 c0 a0; 47: r9 c2 a0; 41: r8 c1 a1; 36: r7 c0 a2.
    // man 4; tempo 0 + 0 + 1 + 2 = 3; back rank (a0): 46, 47 = 2; flank (c <= 1 or c >= 8, a 2-6):
    // 36 = 1 (41 has a1); balance: all four on c <= 4, 4.
    // supported (off the back row, each square behind own or off the board): 41 (46, 47 behind),
    // 36 (nothing to its lower left, 41 to its lower right) = 2; no outpost (a < 5).
    // mobility: 46 -> (edge), 41 taken: 0; 47 -> 41 taken, 42: 1; 41 -> 36 taken, 37: 1;
    // 36 -> (edge), 31: 1; = 3. runaway: 36's cone (31; 26, 27; ...) is empty = 1; the cones of
    // 41 (holds 36), 46 and 47 (hold 41) are not.
    const EvalTrace trace = trace_of("W:W36,41,46,47:B");
    EXPECT_EQ(trace.phase, 0);
    EXPECT_EQ(named_coefficients(trace, false), expected_terms(0, {{"man", 4},
                                                                   {"tempo", 3},
                                                                   {"back_rank", 2},
                                                                   {"flank", 1},
                                                                   {"balance", 4},
                                                                   {"supported", 2},
                                                                   {"man_mobility", 3},
                                                                   {"runaway", 1}}));
}

// White: 22 (r4 c3 a5), 27 (r5 c2 a4), 28 (r5 c4 a4), 36 (r7 c0 a2); Black: 31, which Black
// sees on 20 (r3 c8 a6). No capture for White: 36x27 and 27x36 land on own men.
constexpr const char* kOutpostFen = "W:W22,27,28,36:B31";

// White: man 4; tempo 5 + 4 + 4 + 2 = 15; centre 22, 27, 28 = 3; flank 36 = 1; balance 4.
//   supported: 22 (27, 28 behind) = 1 (27 has Black's 31 behind, 28 has 32 empty, 36 has 41
//   empty); outpost (supported with a 5-7): 22 = 1; locked (both squares ahead blocked or off
//   the board, one of them an enemy): 36 (edge, 31) = 1; mobility: 22 -> 17, 18: 2; 27 -> 21
//   (22 own): 1; 28 -> 23 (22 own): 1; 36: 0; = 4; runaway: 22's cone (17, 18; 11-13; 6-9;
//   1-4) is empty = 1 (27's and 28's hold 22, 36's holds 31).
// Black (on 20: r3 c8 a6): man 1; tempo 6; flank (c8, a6) 1; balance 1; not supported (24 behind
//   it is White's 27); mobility: 14 (real 37) empty, 15 (real 36) White's: 1; runaway: 15 is in
//   its cone: 0; not locked (14 is empty).
// White minus Black: man 3, tempo 9, centre 3, flank 0, balance 3, supported 1, outpost 1,
// locked 1, mobility 3, runaway 1.
TEST(EvaluateFeatures, OutpostLockedManAndBlacksFeaturesSubtracted) {
    const EvalTrace trace = trace_of(kOutpostFen);
    EXPECT_EQ(trace.phase, 0);
    EXPECT_EQ(trace.side_to_move, rules::Color::White);
    EXPECT_EQ(named_coefficients(trace, false), expected_terms(0, {{"man", 3},
                                                                   {"tempo", 9},
                                                                   {"centre", 3},
                                                                   {"balance", 3},
                                                                   {"supported", 1},
                                                                   {"outpost", 1},
                                                                   {"locked", 1},
                                                                   {"man_mobility", 3},
                                                                   {"runaway", 1}}));
}

TEST(EvaluateFeatures, ColourFlippedPositionNegatesEveryCount) {
    // kOutpostFen turned round with the colours exchanged (s -> 51 - s): White's 31 becomes 20,
    // Black's men 29, 24, 23, 15; Black to move. Black now has what White had: every count of the
    // test above with the opposite sign, and the trace still counts from White's side.
    const EvalTrace trace = trace_of("B:W20:B15,23,24,29");
    EXPECT_EQ(trace.phase, 0);
    EXPECT_EQ(trace.side_to_move, rules::Color::Black);
    EXPECT_EQ(named_coefficients(trace, false), expected_terms(0, {{"man", -3},
                                                                   {"tempo", -9},
                                                                   {"centre", -3},
                                                                   {"balance", -3},
                                                                   {"supported", -1},
                                                                   {"outpost", -1},
                                                                   {"locked", -1},
                                                                   {"man_mobility", -3},
                                                                   {"runaway", -1}}));
}

TEST(EvaluateFeatures, TrappedKingOnTheLongDiagonal) {
    // White king 46 (r9 c0): its only neighbour 41 is its own man: no move (king mobility 0),
    // trapped 1, on the long diagonal 46-5 (r + c = 9) 1. White man 41 (r8 c1 a1): man 1, tempo 1,
    // balance 1, mobility 36 and 37: 2; not supported (47 behind is empty); no runaway (its cone
    // reaches row 0, where Black's king stands on 3); no flank (a1).
    // Black king 3 (r0 c5): slides to 8, 12, 17, 21, 26 and to 9, 14, 20, 25: mobility 9, not
    // trapped, off the long diagonal. One king each: king and first king cancel.
    const EvalTrace trace = trace_of("W:WK46,41:BK3");
    EXPECT_EQ(trace.phase, 0);
    EXPECT_EQ(named_coefficients(trace, false), expected_terms(0, {{"man", 1},
                                                                   {"tempo", 1},
                                                                   {"balance", 1},
                                                                   {"man_mobility", 2},
                                                                   {"king_mobility", -9},
                                                                   {"trapped_king", 1},
                                                                   {"king_main_diagonal", 1}}));
}

TEST(EvaluateFeatures, KingAgainstTwoMenOnTheirBackRank) {
    // White king 28 (r5 c4): slides up-left 22, 17, 11, 6 (4), up-right 23, 19, 14, 10, 5 (5),
    // down-left 32, 37, 41, 46 (4), down-right 33, 39, 44, 50 (4): mobility 17; king 1, first
    // king 1, long diagonal 1.
    // Black men 1 and 2 (seen on 50 and 49: r9, c8 and c6): man 2, back rank 2, tempo 0,
    // balance |0 - 2| = 2; mobility: 1 -> 6, 7 and 2 -> 7, 8 = 4 (7 is reached in two
    // directions, once in each direction's count); no runaway (White's king is in both cones).
    const EvalTrace trace = trace_of("W:WK28:B1,2");
    EXPECT_EQ(trace.phase, 0);
    EXPECT_EQ(named_coefficients(trace, false), expected_terms(0, {{"man", -2},
                                                                   {"king", 1},
                                                                   {"first_king", 1},
                                                                   {"back_rank", -2},
                                                                   {"balance", -2},
                                                                   {"man_mobility", -4},
                                                                   {"king_mobility", 17},
                                                                   {"king_main_diagonal", 1}}));
}

TEST(EvaluateFeatures, MiddleGameAndEndgameShareTheCountsByPhase) {
    // 15 men: phase 15 - 8 = 7, so a count f gives 7 f to the middle-game weight and 25 f to the
    // endgame weight.
    // White: 36-40 (r7, c0 2 4 6 8, a2) and 46-50 (r9, same columns, a0): man 10; tempo 5 * 2 =
    //   10; back rank 5; flank 36 and 40 (c0, c8, a2) = 2; balance |6 left - 4 right| = 2; none
    //   supported (41-45 behind row 7 are empty); mobility row 7: 1 + 2 + 2 + 2 + 2, row 9:
    //   1 + 2 + 2 + 2 + 2 = 18; no runaway (each cone reaches row 0 over 7+ columns and holds
    //   one of Black's 1-5).
    // Black: 1-5 (seen on 50-46): man 5; back rank 5; tempo 0; balance |3 - 2| = 1; mobility
    //   1 -> 6, 7; 2 -> 7, 8; 3 -> 8, 9; 4 -> 9, 10; 5 -> 10 = 9; no runaway.
    const EvalTrace trace = trace_of("W:W36-40,46-50:B1-5");
    EXPECT_EQ(trace.phase, 7);
    const std::map<std::string, int> expected{
        {"man.mg", 5 * 7},          {"man.eg", 5 * 25},     {"tempo.mg", 10 * 7},
        {"tempo.eg", 10 * 25},      {"flank.mg", 2 * 7},    {"flank.eg", 2 * 25},
        {"balance.mg", 1 * 7},      {"balance.eg", 1 * 25}, {"man_mobility.mg", 9 * 7},
        {"man_mobility.eg", 9 * 25}};
    EXPECT_EQ(named_coefficients(trace, false), expected);
}

}  // namespace
}  // namespace draughts::engine
