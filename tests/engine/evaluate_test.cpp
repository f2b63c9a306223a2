// Static evaluation: exact agreement with the linear trace the tuner uses, colour symmetry, and
// hand-checked features.

#include "engine/evaluate.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <random>

#include "engine/engine.hpp"
#include "rules/board_geometry.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/pdn.hpp"
#include "tests/engine/trace_by_name.hpp"
#include "tests/support/shared_data.hpp"
#include "tests/support/test_positions.hpp"

namespace draughts::engine {
namespace {

/// Weights with every parameter random, patterns included.
EvalWeights random_weights(std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> dist(-400, 400);
    EvalWeights w = EvalWeights::zero();
    for (std::size_t i = 0; i < ParameterLayout::count(); ++i) w.set(i, dist(rng));
    return w;
}

class TraceConsistency : public ::testing::TestWithParam<int> {};

TEST_P(TraceConsistency, EvaluationEqualsWeightedTrace) {
    const std::vector<EvalWeights> weight_sets = {EvalWeights{}, EvalWeights::material_only(),
                                                  random_weights(11), random_weights(12)};
    const auto positions =
        test::random_quiet_positions(45, 160, static_cast<std::uint32_t>(GetParam()));
    ASSERT_GT(positions.size(), 2000u);
    for (const rules::Position& p : positions) {
        const EvalTrace trace = trace_evaluation(p);
        for (const EvalWeights& w : weight_sets) {
            ASSERT_EQ(evaluate(p, w), evaluate_from_trace(trace, w)) << to_fen(p);
            // The real-valued form the tuner uses agrees to within the truncation.
            double real = 0.0;
            for (const EvalCoefficient& c : trace.coefficients)
                real += w[c.index] * (static_cast<double>(c.value) / kPhaseScale);
            ASSERT_LT(std::abs(real - static_cast<double>(white_evaluation(trace, w))), 1.0);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Seeds, TraceConsistency, ::testing::Values(1, 2));

TEST(Evaluate, TraceConsistencyOnSelfPlayLeaves) {
    // Positions of engine self-play games and the quiet leaves of their principal variations
    // (the positions a tuner trains on).
    const EvalWeights w = random_weights(14);
    Engine engine;
    SearchLimits limits;
    limits.nodes = 3000;
    std::mt19937 rng(15);
    int checked = 0;
    for (int game = 0; game < 4; ++game) {
        engine.new_game();
        rules::Position p = rules::Position::initial();
        for (int ply = 0; ply < 150; ++ply) {
            rules::MoveList moves;
            generate_moves(p, moves);
            if (moves.empty()) break;
            const SearchResult r = engine.search(p, {}, limits);
            rules::Position leaf = p;
            for (const rules::Move& m : r.pv) leaf = leaf.after(m);
            for (const rules::Position& q : {p, leaf}) {
                if (has_capture(q)) continue;
                ASSERT_EQ(evaluate(q, w), evaluate_from_trace(trace_evaluation(q), w));
                ++checked;
            }
            p = p.after(ply < 4 ? moves[rng() % moves.size()] : r.best_move);
        }
    }
    EXPECT_GT(checked, 400);
}

TEST(Evaluate, TraceConsistencyOnMasterGames) {
    DRAUGHTS_SHARED_FILE_OR_SKIP(folder, "data/games");
    const EvalWeights w = random_weights(13);
    int checked = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".pdn") continue;
        const auto games = rules::read_pdn_file(entry.path());
        ASSERT_TRUE(games) << games.error().message;
        for (const rules::PdnGame& game : games->games) {
            rules::Position p = game.start;
            for (const rules::Move& m : game.moves) {
                if (!has_capture(p)) {
                    ASSERT_EQ(evaluate(p, w), evaluate_from_trace(trace_evaluation(p), w));
                    ++checked;
                }
                p = p.after(m);
            }
        }
    }
    EXPECT_GT(checked, 5000);
}

TEST(Evaluate, TraceIsSortedWithoutZeros) {
    for (const rules::Position& p : test::random_quiet_positions(5, 120, 3)) {
        const EvalTrace trace = trace_evaluation(p);
        for (std::size_t i = 0; i < trace.coefficients.size(); ++i) {
            EXPECT_NE(trace.coefficients[i].value, 0);
            if (i > 0) {
                EXPECT_LT(trace.coefficients[i - 1].index, trace.coefficients[i].index);
            }
        }
    }
}

TEST(Evaluate, ColourFlipGivesSameScoreForSideToMove) {
    const EvalWeights w = random_weights(5);
    for (const rules::Position& p : test::random_quiet_positions(20, 160, 4)) {
        ASSERT_EQ(evaluate(p, w), evaluate(test::colour_flipped(p), w)) << to_fen(p);
        ASSERT_EQ(evaluate(p, EvalWeights{}), evaluate(test::colour_flipped(p), EvalWeights{}));
    }
}

TEST(Evaluate, SideToMoveNegates) {
    const EvalWeights w = random_weights(6);
    for (const rules::Position& p : test::random_quiet_positions(5, 160, 5))
        EXPECT_EQ(evaluate(p, w), -evaluate(p.with_side_to_move(opposite(p.side_to_move())), w));
}

TEST(Evaluate, MaterialOnlyCountsPieces) {
    const EvalWeights w = EvalWeights::material_only();
    EXPECT_EQ(evaluate(rules::Position::initial(), w), 0);
    EXPECT_EQ(evaluate(*rules::parse_fen("W:W31,32,K1:B10"), w), 4000);
    EXPECT_EQ(evaluate(*rules::parse_fen("B:W31,32,K1:B10"), w), -4000);
    EXPECT_EQ(evaluate(*rules::parse_fen("B:W31:BK10,K20,19"), w), 6000);
}

TEST(Evaluate, PhaseFollowsMenCount) {
    EXPECT_EQ(phase(rules::Position::initial()), kPhaseScale);
    EXPECT_EQ(phase(*rules::parse_fen("W:W31-35:B1-5")), 2);
    EXPECT_EQ(phase(*rules::parse_fen("W:WK31-35:BK1-5")), 0);
}

using test::coefficient;

struct FeatureCase {
    const char* fen;
    EvalTerm term;
    int white_minus_black;  ///< feature count difference
};

class Features : public ::testing::TestWithParam<FeatureCase> {};

TEST_P(Features, CountsAsExpected) {
    const FeatureCase& c = GetParam();
    const rules::Position p = *rules::parse_fen(c.fen);
    const EvalTrace trace = trace_evaluation(p);
    const int mg = coefficient(trace, ParameterLayout::middle_game_index(c.term));
    const int eg = coefficient(trace, ParameterLayout::endgame_index(c.term));
    EXPECT_EQ(mg, c.white_minus_black * trace.phase);
    EXPECT_EQ(eg, c.white_minus_black * (kPhaseScale - trace.phase));
}

INSTANTIATE_TEST_SUITE_P(
    HandChecked, Features,
    ::testing::Values(
        FeatureCase{"W:W28:B", EvalTerm::Man, 1}, FeatureCase{"W:W28:B", EvalTerm::Tempo, 4},
        FeatureCase{"W:W28:B", EvalTerm::Centre, 1}, FeatureCase{"W:W28:B", EvalTerm::Runaway, 1},
        FeatureCase{"W:W28:B", EvalTerm::ManMobility, 2},
        FeatureCase{"W:W28:B", EvalTerm::Balance, 1}, FeatureCase{"W:W28:B3", EvalTerm::Runaway, 0},
        // Black's man on 23 is White's 28 seen from the other side.
        FeatureCase{"W:W:B23", EvalTerm::Tempo, -4}, FeatureCase{"W:W:B23", EvalTerm::Runaway, -1},
        FeatureCase{"W:W46,47,48:B12", EvalTerm::BackRank, 3},
        FeatureCase{"W:W41,46,47:B3", EvalTerm::Supported, 1},
        FeatureCase{"W:W22,27,28:B3", EvalTerm::Outpost, 1},
        FeatureCase{"W:W36:B27,31,4", EvalTerm::Locked, 1},
        FeatureCase{"W:W36:B4", EvalTerm::Flank, 1},
        FeatureCase{"W:WK46:B", EvalTerm::KingMobility, 9},
        FeatureCase{"W:WK46:B", EvalTerm::KingMainDiagonal, 1},
        FeatureCase{"W:WK46:B", EvalTerm::FirstKing, 1},
        FeatureCase{"W:WK46,41:B", EvalTerm::TrappedKing, 1}));

}  // namespace
}  // namespace draughts::engine
