// Quiet leaves: the capture line is the principal variation of a full capture search, its leaf is
// quiet, and the score agrees with a plain minimax over the captures.

#include "tuner/quiet_resolver.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/evaluate.hpp"
#include "engine/search_types.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "tests/support/test_positions.hpp"

namespace draughts::tuner {
namespace {

/// Minimax over captures without pruning (the definition the resolver must meet).
int capture_minimax(const rules::Position& p, const engine::EvalWeights& w, int ply) {
    if (!rules::has_capture(p)) {
        if (rules::count_moves(p) == 0) return -engine::kWinScore + ply;
        return engine::evaluate(p, w);
    }
    rules::MoveList moves;
    rules::generate_moves(p, moves);
    int best = -engine::kWinScore - 1;
    for (const rules::Move& m : moves)
        best = std::max(best, -capture_minimax(p.after(m), w, ply + 1));
    return best;
}

TEST(QuietResolver, QuietPositionIsItsOwnLeaf) {
    const QuietLeaf q = resolve_quiet(rules::Position::initial(), engine::EvalWeights{});
    EXPECT_EQ(q.status, QuietStatus::Quiet);
    EXPECT_EQ(q.leaf, rules::Position::initial());
    EXPECT_TRUE(q.line.empty());
    EXPECT_EQ(q.score, engine::evaluate(rules::Position::initial(), engine::EvalWeights{}));
}

TEST(QuietResolver, CaptureThatEndsTheGameIsGameOver) {
    // White takes the last black man: Black has no move left [FMJD 7.2.2].
    const QuietLeaf q = resolve_quiet(*rules::parse_fen("W:W28:B23"), engine::EvalWeights{});
    EXPECT_EQ(q.status, QuietStatus::GameOver);
    EXPECT_EQ(q.line.size(), 1u);
}

TEST(QuietResolver, LeafIsQuietAndScoreIsTheCaptureMinimax) {
    const engine::EvalWeights w;
    int resolved = 0;
    for (const rules::Position& p : engine::test::random_game_positions(60, 120, 21)) {
        if (!rules::has_capture(p)) continue;
        const QuietLeaf q = resolve_quiet(p, w);
        ASSERT_NE(q.status, QuietStatus::TooDeep);
        EXPECT_EQ(q.score, capture_minimax(p, w, 0)) << rules::to_fen(p);
        EXPECT_FALSE(rules::has_capture(q.leaf));
        rules::Position replay = p;
        for (const rules::Move& m : q.line) replay = replay.after(m);
        EXPECT_EQ(replay, q.leaf);
        if (q.status == QuietStatus::Quiet) {
            // The score is the leaf's evaluation seen from the root's side to move.
            const int leaf_eval = engine::evaluate(q.leaf, w);
            EXPECT_EQ(q.score, q.line.size() % 2 == 0 ? leaf_eval : -leaf_eval);
            ++resolved;
        }
    }
    EXPECT_GT(resolved, 500);
}

}  // namespace
}  // namespace draughts::tuner
