// The search's use of the endgame database: the database's move and score at a covered root,
// database scores at interior nodes beyond the root's piece count.

#include "engine/database_probe.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "common/portable_random.hpp"
#include "egdb/judgement.hpp"
#include "egdb/slice_index.hpp"
#include "engine/engine.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts::engine {
namespace {

Engine engine_with(std::shared_ptr<const egdb::Database> db) {
    EngineOptions options;
    options.hash_mb = 1;
    options.egdb = std::move(db);
    return Engine(std::move(options));
}

TEST(DatabaseProbe, ACoveredRootIsPlayedByTheDatabase) {
    const auto db = testing::open_test_database(3, {"KKKvK"});
    Engine engine = engine_with(db);
    const rules::Position root = *rules::parse_fen("W:WK1,K2,K3:BK26");
    SearchLimits limits;
    limits.depth = 8;
    const SearchResult r = engine.search(root, {}, limits);
    const auto judged = egdb::judge(*db, root, rules::DrawCounters::at_start(root));
    ASSERT_TRUE(judged && *judged);
    EXPECT_EQ(r.best_move, (*judged)->moves.front().move);
    EXPECT_TRUE(is_database_score(r.score));
    EXPECT_EQ(r.score, kDatabaseWin - 2);  // win 2: the shot and the capture
    EXPECT_EQ(r.nodes, 0u);
}

TEST(DatabaseProbe, AHeldDrawIsNeverGivenUp) {
    const auto db = testing::open_test_database(3, {"KKKvK"});
    Engine engine = engine_with(db);
    const rules::Position root = *rules::parse_fen("B:WK13,K35,K49:BK23");  // long diagonal
    const SearchResult r = engine.search(root, {}, SearchLimits{});
    EXPECT_EQ(r.score, 0);
    const auto judged = egdb::judge(*db, root.after(r.best_move),
                                    rules::DrawCounters::at_start(root.after(r.best_move)));
    ASSERT_TRUE(judged && *judged);
    EXPECT_NE((*judged)->outcome, egdb::Outcome::Win);
}

/// Four-piece positions whose every move is a capture into a 3-piece slice: a database of 3
/// pieces does not cover the root, but a depth-1 search scores it by the database's values of
/// the children (the best of them), with the counts restarted by the capture.
TEST(DatabaseProbe, InteriorNodesWithinThePieceLimitAreScoredByTheDatabase) {
    const auto db = testing::open_test_database(3);
    const egdb::SliceIndex index(*egdb::Material::parse("KKvKM"));
    PortableRandom random(7);
    int checked = 0;
    for (int tries = 0; tries < 200'000 && checked < 40; ++tries) {
        const auto root = index.position(random.below(index.size()));
        if (!root || !rules::has_capture(*root)) continue;
        rules::MoveList moves;
        rules::generate_moves(*root, moves);
        int best = -kWinScore;
        bool ends = false;
        for (const rules::Move& m : moves) {
            const rules::Position child = root->after(m);
            const auto counters = rules::DrawCounters::at_start(*root).next(*root, child);
            const auto score = database_score(*db, child, counters, 1);
            if (!score) ends = true;  // a side without pieces: no slice
            best = std::max(best, score ? -*score : kWinScore);
        }
        if (ends) continue;
        Engine engine = engine_with(db);
        SearchLimits limits;
        limits.depth = 1;
        EXPECT_EQ(engine.search(*root, {}, limits).score, best) << rules::to_fen(*root);
        ++checked;
    }
    EXPECT_EQ(checked, 40);
}

}  // namespace
}  // namespace draughts::engine
