// How the database represents the FMJD counting rules (docs/egdb.md), shown on positions whose
// fate the rules decide: a win that needs more plies than the count leaves is a draw.

#include <gtest/gtest.h>

#include "egdb/counting.hpp"
#include "egdb/judgement.hpp"
#include "egdb/slice_file.hpp"
#include "egdb/slice_index.hpp"
#include "rules/board_geometry.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts::egdb {
namespace {

Value value_of(const Database& db, const char* fen) {
    const auto v = db.probe(*rules::parse_fen(fen));
    EXPECT_TRUE(v && *v) << fen;
    return v && *v ? **v : Value{Outcome::Draw, -1};
}

/// Counters of `position` whose count that matters has run `count` plies.
rules::DrawCounters counted(const rules::Position& position, int count) {
    rules::DrawCounters c = rules::DrawCounters::at_start(position);
    (c.rule == rules::EndgameRule::None ? c.reversible_plies : c.endgame_plies) = count;
    return c;
}

TEST(CountingRules, ThreeKingsAgainstAKingOnTheLongDiagonalOnlyWinByAnImmediateShot) {
    const auto db = testing::open_test_database(3, {"KKKvK"});
    EXPECT_EQ(value_of(*db, "W:WK13,K35,K49:BK23"), Value::draw());  // [FMJD 6.3]
    EXPECT_EQ(value_of(*db, "W:WK1,K2,K3:BK26"), Value::win(2));     // off the diagonal
    // Every position with White to move, no capture, the black king on the long diagonal and no
    // white king on it: a draw, or a shot that wins within 2 plies.
    const Material m = *Material::parse("KKKvK");
    const auto file = SliceFile::load(testing::test_database(3, {"KKKvK"}) / "KKKvK.egdb", true);
    const auto bytes = file->decode_all();
    const SliceIndex index(m);
    int draws = 0;
    int shots = 0;
    for (std::uint64_t i = 0; i < index.kings_per_block(); ++i) {  // White to move
        const rules::Position p = *index.position(i);
        if (rules::has_capture(p)) continue;
        const rules::Bitboard diagonal = rules::geometry::kMainDiagonal;
        if ((p.kings(rules::Color::Black) & diagonal) == 0) continue;
        if ((p.kings(rules::Color::White) & diagonal) != 0) continue;
        const Value v = *Value::from_byte((*bytes)[i]);
        if (v == Value::draw()) {
            ++draws;
        } else {
            ++shots;
            ASSERT_EQ(v.outcome, Outcome::Win) << rules::to_fen(p);
            ASSERT_LE(v.plies, 2) << rules::to_fen(p);
        }
    }
    EXPECT_EQ(draws + shots, 73'104);
    EXPECT_GT(draws, 70'000);
}

TEST(CountingRules, AWinNeedingMorePliesThanTheCountLeavesIsADraw) {
    const auto db = testing::open_test_database(3);
    // King and man against king [FMJD 6.4]: 10 plies from the move that made the ending.
    // 2-11 wins in 9 plies; the promotion 6-1 only draws.
    const rules::Position p = *rules::parse_fen("W:WK2,6:BK50");
    const Value v = value_of(*db, "W:WK2,6:BK50");
    ASSERT_EQ(v, Value::win(9));
    for (int count = 0; count <= 10; ++count) {
        const auto j = judge(*db, p, counted(p, count));
        ASSERT_TRUE(j && *j);
        EXPECT_EQ((*j)->plies_left, 10 - count);
        EXPECT_EQ((*j)->outcome, 10 - count >= v.plies ? Outcome::Win : Outcome::Draw)
            << "count " << count;
        // The best move keeps the win exactly while the count allows it.
        EXPECT_EQ((*j)->moves.front().outcome, (*j)->outcome) << "count " << count;
    }
}

TEST(CountingRules, TwoKingsCannotBeatAKingHoldingTheLongDiagonal) {
    const auto db = testing::open_test_database(3);
    EXPECT_EQ(value_of(*db, "W:WK1,K2:BK46"), Value::draw());
    EXPECT_EQ(value_of(*db, "W:WK28:BK46"), Value::win(3));  // 28-5 corners the black king
    EXPECT_EQ(value_of(*db, "W:WK5:BK46"), Value::loss(2));  // both on the long diagonal
}

TEST(CountingRules, RestartingMovesNeedOnePly) {
    const auto db = testing::open_test_database(3);
    // A capture of the last piece ends the game: one ply.
    EXPECT_EQ(value_of(*db, "W:WK1:BK23"), Value::win(1));
    // A man that promotes leaves the 25-move count for the 5-move rule's.
    const rules::Position p = *rules::parse_fen("W:W6:B45");
    const auto j = judge(*db, p, rules::DrawCounters::at_start(p));
    ASSERT_TRUE(j && *j);
    for (const MoveJudgement& m : (*j)->moves) EXPECT_TRUE(m.restarts);
}

}  // namespace
}  // namespace draughts::egdb
