// Counters of the FMJD draw rules (articles 6.2-6.4) as the search applies them.

#include "rules/draw_rules.hpp"

#include <gtest/gtest.h>

#include "rules/fen.hpp"
#include "rules/move_notation.hpp"

namespace draughts::rules {
namespace {

Position fen(const char* text) { return *parse_fen(text); }

TEST(EndgameRule, ClassifiesMaterial) {
    EXPECT_EQ(endgame_rule(fen("W:WK1:BK10,K20,K30")), EndgameRule::SixteenMoves);
    EXPECT_EQ(endgame_rule(fen("W:WK1,22,23:BK30")), EndgameRule::SixteenMoves);
    EXPECT_EQ(endgame_rule(fen("W:WK1,K2:BK30")), EndgameRule::FiveMoves);
    EXPECT_EQ(endgame_rule(fen("W:WK1,22:BK30")), EndgameRule::FiveMoves);
    EXPECT_EQ(endgame_rule(fen("W:WK1:BK30")), EndgameRule::FiveMoves);
    EXPECT_EQ(endgame_rule(fen("W:W21,22,23:BK30")), EndgameRule::None);  // three men [6.3]
    EXPECT_EQ(endgame_rule(fen("W:WK1,K2,K3,K4:BK30")), EndgameRule::None);
    EXPECT_EQ(endgame_rule(fen("W:W22:BK30")), EndgameRule::None);
    EXPECT_EQ(endgame_rule(Position::initial()), EndgameRule::None);
}

TEST(EndgameRule, EitherSideMayHaveTheLoneKing) {
    struct Case {
        const char* fen;
        EndgameRule rule;
    };
    const Case cases[] = {
        {"W:WK1:BK50,K49,K48", EndgameRule::SixteenMoves},
        {"W:WK1:BK50,K49,30", EndgameRule::SixteenMoves},
        {"W:WK1:BK50,30,31", EndgameRule::SixteenMoves},
        {"W:WK1:B30,31,32", EndgameRule::None},
        {"W:WK1:BK50,K49", EndgameRule::FiveMoves},
        {"W:WK1:BK50,30", EndgameRule::FiveMoves},
        {"W:WK1:BK50", EndgameRule::FiveMoves},
        {"W:WK1:B30,31", EndgameRule::None},
        {"B:WK1,10:BK50", EndgameRule::FiveMoves},
        {"W:WK1,K2:BK50,K49", EndgameRule::None},
        {"W:WK1:BK50,K49,K48,K47", EndgameRule::None},
        {"W:W10:BK50,K49,K48", EndgameRule::None},
        {"B:WK1,K2,K3:BK50", EndgameRule::SixteenMoves},
    };
    for (const Case& c : cases) EXPECT_EQ(endgame_rule(fen(c.fen)), c.rule) << c.fen;
}

/// Plays `moves` from `start` (with counters `c` there) and returns the counters at the end.
DrawCounters play(const Position& start, DrawCounters c, std::initializer_list<const char*> moves) {
    Position p = start;
    for (const char* text : moves) {
        const auto m = parse_move(p, text);
        EXPECT_TRUE(m) << text;
        const Position next = p.after(*m);
        c = c.next(p, next);
        p = next;
    }
    return c;
}

TEST(DrawCounters, KingMovesCountManMovesReset) {
    const Position start = fen("W:WK47,31:BK3,16");
    DrawCounters c = play(start, {}, {"47-42", "3-8", "42-47", "8-3"});
    EXPECT_EQ(c.reversible_plies, 4);
    c = play(start, {}, {"47-42", "16-21", "42-47"});
    EXPECT_EQ(c.reversible_plies, 1);
}

TEST(DrawCounters, TwentyFiveMoveRule) {
    DrawCounters c;
    c.reversible_plies = kReversibleDrawPlies - 1;
    EXPECT_FALSE(c.is_draw());
    c.reversible_plies = kReversibleDrawPlies;
    EXPECT_TRUE(c.is_draw());
}

TEST(DrawCounters, FiveMoveRuleCountsFromCreation) {
    // A game that starts in the ending counts from its start [FMJD 6.4].
    const Position start = fen("W:WK47,K50:BK3");
    DrawCounters c = DrawCounters::at_start(start);
    EXPECT_EQ(c.rule, EndgameRule::FiveMoves);
    EXPECT_EQ(c.endgame_plies, 0);
    c = play(start, c, {"47-42", "3-8", "42-47", "8-3", "47-42", "3-8", "42-47", "8-3", "47-42"});
    EXPECT_EQ(c.rule, EndgameRule::FiveMoves);
    EXPECT_EQ(c.endgame_plies, 9);
    EXPECT_FALSE(c.is_draw());
    c = c.next(start, start);
    EXPECT_TRUE(c.is_draw());

    // Two kings against a king and a man is no counted ending; 46x32 takes the man and creates
    // one, so the count starts with that move.
    const Position before = fen("W:WK46,K50:BK3,37");
    DrawCounters d = DrawCounters::at_start(before);
    EXPECT_EQ(d.rule, EndgameRule::None);
    d = play(before, d, {"46x32"});
    EXPECT_EQ(d.rule, EndgameRule::FiveMoves);
    EXPECT_EQ(d.endgame_plies, 0);
    d = play(before, DrawCounters::at_start(before), {"46x32", "3-8"});
    EXPECT_EQ(d.endgame_plies, 1);
}

TEST(DrawCounters, CaptureIntoFiveMoveEndingRestartsCount) {
    // White has three kings against one: the 16-move count runs; a capture that leaves two kings
    // against one starts the 5-move count afresh [FMJD 6.4].
    const Position before = fen("B:WK28,K46,K50:BK17");
    DrawCounters c;
    c.rule = EndgameRule::SixteenMoves;
    c.endgame_plies = 20;
    const auto capture = parse_move(before, "17x39");
    ASSERT_TRUE(capture);
    c = c.next(before, before.after(*capture));
    EXPECT_EQ(c.rule, EndgameRule::FiveMoves);
    EXPECT_EQ(c.endgame_plies, 0);
}

}  // namespace
}  // namespace draughts::rules
