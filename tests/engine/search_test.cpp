// The search: tactical shots and endgame wins from tests/data, legality under every kind of
// interruption, determinism, draws by repetition, win scores by distance, and stop().

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "tests/support/data_table.hpp"
#include "tests/support/test_positions.hpp"

namespace draughts::engine {
namespace {

SearchLimits nodes_limit(std::uint64_t nodes) {
    SearchLimits limits;
    limits.nodes = nodes;
    return limits;
}

/// The search's selectivity (engine/search_parameters.hpp), each optional kind switched on alone
/// and each default one switched off alone: every setting must still find every shot and every
/// endgame result of the tables below.
struct SearchSetting {
    const char* name;
    SearchParameters parameters;
};

void PrintTo(const SearchSetting& setting, std::ostream* out) { *out << setting.name; }

/// The default parameters with one of them changed.
SearchParameters with(int SearchParameters::*member, int value) {
    SearchParameters p;
    p.*member = value;
    return p;
}

const SearchParameters kProbcut = with(&SearchParameters::probcut_depth, 5);
const SearchParameters kNoStaticPruning = with(&SearchParameters::static_depth, 0);
const SearchParameters kLateMovePruning = with(&SearchParameters::late_move_depth, 3);
// From depth 6 instead of the default 8: these tests search to depth 8 or by nodes, where the
// default reaches few nodes deep enough.
const SearchParameters kSingularExtension = with(&SearchParameters::singular_depth, 6);
const SearchParameters kNoIterativeReduction = with(&SearchParameters::iir_depth, 0);
const SearchParameters kLogReductions = with(&SearchParameters::lmr_log_percent, 60);

class SearchWith : public ::testing::TestWithParam<SearchSetting> {
  protected:
    Engine engine_;
    void SetUp() override { engine_.set_search_parameters(GetParam().parameters); }
};

INSTANTIATE_TEST_SUITE_P(
    Settings, SearchWith,
    ::testing::Values(SearchSetting{"defaults", SearchParameters{}},
                      SearchSetting{"probcut", kProbcut},
                      SearchSetting{"history_malus", with(&SearchParameters::history_malus, 100)},
                      SearchSetting{"quiescence_threats",
                                    with(&SearchParameters::quiescence_threats, 1)},
                      SearchSetting{"no_static_pruning", kNoStaticPruning},
                      SearchSetting{"late_move_pruning", kLateMovePruning},
                      SearchSetting{"singular_extension", kSingularExtension}),
    [](const auto& setting) { return std::string(setting.param.name); });

TEST_P(SearchWith, FindsTacticalShots) {
    const auto rows = draughts::testing::read_data_table("tactics.txt");
    ASSERT_GE(rows.size(), 20u);
    Engine& engine = engine_;
    int found = 0;
    for (const auto& data : rows) {
        const std::vector<std::string>& row = data.fields;
        const rules::Position p = *rules::parse_fen(row.at(0));
        const rules::Move expected = *parse_move(p, row.at(1));
        engine.new_game();
        const SearchResult r = engine.search(p, {}, nodes_limit(400'000));
        // The oracle proves the gain only to its depth (a deeper search may see the opponent
        // strike back), so the test asks for the move, not for a score.
        const bool ok = r.best_move == expected;
        EXPECT_TRUE(ok) << row.at(0) << ": expected " << row.at(1) << " (+" << row.at(2)
                        << "), got " << to_pdn_notation(p, r.best_move) << " score " << r.score;
        found += ok ? 1 : 0;
    }
    EXPECT_EQ(found, static_cast<int>(rows.size()));
}

TEST_P(SearchWith, EndgameOutcomes) {
    const auto rows = draughts::testing::read_data_table("endgames.txt");
    ASSERT_GE(rows.size(), 6u);
    Engine& engine = engine_;
    for (const auto& data : rows) {
        const std::vector<std::string>& row = data.fields;
        const rules::Position p = *rules::parse_fen(row.at(0));
        engine.new_game();
        const SearchResult r = engine.search(p, {}, nodes_limit(3'000'000));
        if (row.at(1) == "win") {
            EXPECT_GT(r.score, kWinThreshold) << row.at(0) << " (" << row.at(2) << ")";
        } else {
            EXPECT_FALSE(is_win_score(r.score)) << row.at(0) << " score " << r.score;
            EXPECT_LT(std::abs(r.score), kScorePerMan) << row.at(0) << " (" << row.at(2) << ")";
        }
    }
}

/// A pruning switched on must prune: over positions of a game, fewer nodes to the same depth than
/// with it off, and an extension must search more (a switch wired to nothing would search the
/// very same tree).
TEST(Search, PruningsSearchFewerNodesToTheSameDepthAndExtensionsMore) {
    const auto positions = test::random_game_positions(1, 60, 3);
    const auto total_nodes = [&](const SearchParameters& parameters) {
        SearchLimits limits;
        limits.depth = 8;
        std::uint64_t total = 0;
        for (std::size_t i = 0; i < positions.size(); i += 10) {
            Engine engine;
            engine.set_search_parameters(parameters);
            total += engine.search(positions[i], {}, limits).nodes;
        }
        return total;
    };
    const std::uint64_t defaults = total_nodes(SearchParameters{});
    EXPECT_LT(total_nodes(kProbcut), defaults) << "probcut";
    EXPECT_LT(total_nodes(kLateMovePruning), defaults) << "late-move pruning";
    EXPECT_LT(defaults, total_nodes(kNoIterativeReduction))
        << "internal iterative reduction (on by default)";
    EXPECT_LT(total_nodes(kLogReductions), defaults) << "reductions by the logarithms";
    EXPECT_LT(defaults, total_nodes(kNoStaticPruning)) << "static pruning (on by default)";
    EXPECT_GT(total_nodes(kSingularExtension), defaults) << "singular extension";
}

TEST(Search, WinScoreCountsPliesToTheEnd) {
    // 1-12 26x8 2x13: Black has no piece left after three plies.
    Engine engine;
    const SearchResult r =
        engine.search(*rules::parse_fen("W:WK1,K2,K3:BK26"), {}, nodes_limit(200'000));
    EXPECT_EQ(to_hub_notation(r.best_move), "1-12");
    EXPECT_EQ(r.score, kWinScore - 3);
    EXPECT_EQ(plies_to_win(r.score), 3);
}

TEST(Search, LostPositionScoresLossAndNoMove) {
    Engine engine;
    const SearchResult r = engine.search(*rules::parse_fen("W:W:B1,2"), {}, nodes_limit(1000));
    EXPECT_TRUE(r.best_move.is_null());
    EXPECT_LT(r.score, -kWinThreshold);
    // Blocked: White's man on 46 cannot move.
    const SearchResult blocked =
        engine.search(*rules::parse_fen("W:W46:B41,37"), {}, nodes_limit(1000));
    EXPECT_TRUE(blocked.best_move.is_null());
}

TEST(Search, AlwaysReturnsALegalMove) {
    EngineOptions options;
    options.hash_mb = 1;
    Engine engine(options);
    const auto positions = test::random_game_positions(12, 140, 21);
    std::size_t i = 0;
    for (const rules::Position& p : positions) {
        rules::MoveList legal;
        generate_moves(p, legal);
        if (legal.empty()) continue;
        // Vary the limits: a single node, tiny budgets, a shallow depth, an immediate stop.
        SearchLimits limits;
        switch (i++ % 4) {
            case 0:
                limits.nodes = 1;
                break;
            case 1:
                limits.nodes = 1 + i % 700;
                break;
            case 2:
                limits.depth = 2;
                break;
            default: {
                std::atomic<bool> stopped{true};
                limits.stop_flag = &stopped;
                const SearchResult r = engine.search(p, {}, limits);
                ASSERT_TRUE(legal.contains(r.best_move)) << to_fen(p);
                continue;
            }
        }
        const SearchResult r = engine.search(p, {}, limits);
        ASSERT_TRUE(legal.contains(r.best_move)) << to_fen(p);
        for (const rules::Move& m : r.pv) ASSERT_FALSE(m.is_null());
    }
}

TEST(Search, PvIsALegalLine) {
    Engine engine;
    for (const rules::Position& root : test::random_game_positions(3, 60, 8)) {
        const SearchResult r = engine.search(root, {}, nodes_limit(20'000));
        rules::Position p = root;
        for (const rules::Move& m : r.pv) {
            rules::MoveList legal;
            generate_moves(p, legal);
            ASSERT_TRUE(legal.contains(m)) << to_fen(root);
            p = p.after(m);
        }
    }
}

TEST(Search, NodeLimitedSearchIsDeterministic) {
    const auto positions = test::random_game_positions(2, 80, 5);
    Engine a;
    Engine b;
    for (std::size_t i = 0; i < positions.size(); i += 7) {
        const SearchResult ra = a.search(positions[i], {}, nodes_limit(30'000));
        const SearchResult rb = b.search(positions[i], {}, nodes_limit(30'000));
        ASSERT_EQ(ra.best_move, rb.best_move);
        ASSERT_EQ(ra.score, rb.score);
        ASSERT_EQ(ra.nodes, rb.nodes);
        ASSERT_EQ(ra.pv, rb.pv);
    }
    // After new_game() the first search repeats exactly.
    a.new_game();
    Engine fresh;
    const SearchResult r1 = a.search(rules::Position::initial(), {}, nodes_limit(50'000));
    const SearchResult r2 = fresh.search(rules::Position::initial(), {}, nodes_limit(50'000));
    EXPECT_EQ(r1.best_move, r2.best_move);
    EXPECT_EQ(r1.nodes, r2.nodes);
    EXPECT_EQ(r1.nodes, 50'000u);
}

TEST(Search, DepthLimitedSearchIsDeterministicAcrossThreads) {
    SearchLimits limits;
    limits.depth = 9;
    SearchResult results[2];
    std::thread t0([&] { results[0] = Engine().search(rules::Position::initial(), {}, limits); });
    std::thread t1([&] { results[1] = Engine().search(rules::Position::initial(), {}, limits); });
    t0.join();
    t1.join();
    EXPECT_EQ(results[0].best_move, results[1].best_move);
    EXPECT_EQ(results[0].nodes, results[1].nodes);
    EXPECT_EQ(results[0].depth, 9);
}

TEST(Search, RepetitionInGameHistoryIsADraw) {
    // White is lost on material, but 47-42 repeats the position after White's first move of a
    // king shuffle, so it scores a draw; without the history it does not.
    const rules::Position a = *rules::parse_fen("W:WK47:B1,2,K3,K5");
    std::vector<rules::Position> line{a};
    for (const char* text : {"47-42", "3-8", "42-47", "8-3"}) {
        const auto m = parse_move(line.back(), text);
        ASSERT_TRUE(m) << text;
        line.push_back(line.back().after(*m));
    }
    ASSERT_EQ(line.back(), a);
    SearchHistory history;
    history.previous.assign(line.begin(), line.end() - 1);
    Engine engine;
    const SearchResult with_history = engine.search(a, history, nodes_limit(100'000));
    EXPECT_EQ(to_hub_notation(with_history.best_move), "47-42");
    EXPECT_EQ(with_history.score, 0);
    engine.new_game();
    const SearchResult without = engine.search(a, {}, nodes_limit(100'000));
    EXPECT_LT(without.score, -kScorePerMan);
}

TEST(Search, InfoAfterEveryIteration) {
    Engine engine;
    std::vector<SearchInfo> infos;
    SearchLimits limits;
    limits.depth = 6;
    const SearchResult r = engine.search(rules::Position::initial(), {}, limits,
                                         [&](const SearchInfo& info) { infos.push_back(info); });
    ASSERT_EQ(infos.size(), 6u);
    for (std::size_t i = 0; i < infos.size(); ++i) {
        EXPECT_EQ(infos[i].depth, static_cast<int>(i + 1));
        EXPECT_FALSE(infos[i].pv.empty());
        if (i > 0) {
            EXPECT_GE(infos[i].nodes, infos[i - 1].nodes);
        }
    }
    EXPECT_EQ(infos.back().pv, r.pv);
    EXPECT_EQ(infos.back().score, r.score);
}

TEST(Search, StopEndsInfiniteSearchFromAnotherThread) {
    Engine engine;
    SearchLimits limits;
    limits.infinite = true;
    SearchResult r;
    std::thread worker([&] { r = engine.search(rules::Position::initial(), {}, limits); });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const auto asked = std::chrono::steady_clock::now();
    engine.stop();
    worker.join();
    const double waited =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
    EXPECT_LT(waited, 30.0);  // only that the stop ended it: a busy machine may be slow
    rules::MoveList legal;
    generate_moves(rules::Position::initial(), legal);
    EXPECT_TRUE(legal.contains(r.best_move));
}

TEST(Search, InfiniteSearchWaitsForStopEvenWhenDone) {
    // With one king against nothing to do, every depth completes at once; analysis still runs
    // until stopped.
    Engine engine;
    SearchLimits limits;
    limits.infinite = true;
    std::atomic<bool> stop{false};
    limits.stop_flag = &stop;
    std::atomic<bool> finished{false};
    std::thread worker([&] {
        engine.search(*rules::parse_fen("W:WK1,K2,K3:BK26"), {}, limits);
        finished = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_FALSE(finished.load());
    stop = true;
    worker.join();
    EXPECT_TRUE(finished.load());
}

TEST(Search, EnginesRunSideBySide) {
    // Several engines on several threads do not share state: each gets the single-thread result.
    SearchLimits limits;
    limits.nodes = 40'000;
    const SearchResult reference = Engine().search(rules::Position::initial(), {}, limits);
    std::vector<SearchResult> results(4);
    std::vector<std::thread> threads;
    for (auto& r : results)
        threads.emplace_back(
            [&r, &limits] { r = Engine().search(rules::Position::initial(), {}, limits); });
    for (auto& t : threads) t.join();
    for (const auto& r : results) {
        EXPECT_EQ(r.best_move, reference.best_move);
        EXPECT_EQ(r.nodes, reference.nodes);
    }
}

}  // namespace
}  // namespace draughts::engine
