// The lemma docs/egdb.md builds on: with the referee's own counters (rules::DrawCounters), the
// count that matters after a move is 0 exactly when egdb::restarts_count says the move restarts
// it, and otherwise the count before plus one; inside a counted ending the 25-move count never
// runs ahead of the ending's count. Checked on random games of up to 5 pieces.

#include "egdb/counting.hpp"

#include <gtest/gtest.h>

#include "common/portable_random.hpp"
#include "egdb/slice_index.hpp"
#include "rules/fen.hpp"
#include "rules/game_state.hpp"
#include "rules/movegen.hpp"

namespace draughts::egdb {
namespace {

TEST(Counting, LimitsAndOutcomesWithin) {
    EXPECT_EQ(count_limit(rules::EndgameRule::None), 50);
    EXPECT_EQ(count_limit(rules::EndgameRule::SixteenMoves), 32);
    EXPECT_EQ(count_limit(rules::EndgameRule::FiveMoves), 10);
    EXPECT_EQ(outcome_within(Value::win(7), 7), Outcome::Win);
    EXPECT_EQ(outcome_within(Value::win(7), 6), Outcome::Draw);
    EXPECT_EQ(outcome_within(Value::loss(0), 0), Outcome::Loss);
    EXPECT_EQ(outcome_within(Value::loss(3), 2), Outcome::Draw);
    EXPECT_EQ(outcome_within(Value::draw(), 50), Outcome::Draw);
}

TEST(Counting, ValueBytesRoundTrip) {
    for (int plies = 0; plies <= Value::kMaxPlies; ++plies) {
        EXPECT_EQ(Value::from_byte(Value::loss(plies).byte()), Value::loss(plies));
        if (plies > 0) {
            EXPECT_EQ(Value::from_byte(Value::win(plies).byte()), Value::win(plies));
        }
    }
    EXPECT_EQ(Value::from_byte(Value::draw().byte()), Value::draw());
    EXPECT_FALSE(Value::from_byte(Value::kInvalidByte));
    EXPECT_FALSE(Value::from_byte(Value::kWinBase));  // a win needs at least one ply
}

TEST(Counting, TheCountAfterAMoveRestartsExactlyWhenRestartsCountSays) {
    PortableRandom random(18);
    const auto slices = materials_up_to(5);
    int games = 0;
    int restarts = 0;
    int continued = 0;
    while (games < 3000) {
        const Material& m = slices[random.below(slices.size())];
        const SliceIndex index(m);
        const auto start = index.position(random.below(index.size()));
        if (!start) continue;
        ++games;
        rules::GameState game(*start);
        for (int ply = 0; ply < 120 && !game.verdict(); ++ply) {
            rules::MoveList moves;
            rules::generate_moves(game.position(), moves);
            const rules::Position before = game.position();
            const rules::DrawCounters counters = game.counters();
            game.play(moves[random.below(moves.size())]);
            const rules::DrawCounters& after = game.counters();
            if (after.rule != rules::EndgameRule::None) {
                ASSERT_LE(after.reversible_plies, after.endgame_plies) << rules::to_fen(before);
            }
            if (restarts_count(before, game.position())) {
                ++restarts;
                ASSERT_EQ(running_count(after), 0) << rules::to_fen(before);
            } else {
                ++continued;
                ASSERT_EQ(running_count(after), running_count(counters) + 1)
                    << rules::to_fen(before);
                ASSERT_EQ(after.rule, counters.rule);
            }
        }
    }
    EXPECT_GT(restarts, 1000);
    EXPECT_GT(continued, 10000);
}

}  // namespace
}  // namespace draughts::egdb
