// The evaluation of every variant: exact agreement with the trace, colour symmetry on thousands of
// random positions, the layout of the board's pattern bands, and hand-checked 8x8 features.

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "engine/eval_geometry.hpp"
#include "engine/evaluate.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "tests/engine/trace_by_name.hpp"
#include "tests/support/variant_types.hpp"

namespace draughts::engine {
namespace {

/// Quiet positions of `games` random games of variant V (moves drawn by a seeded generator).
template <typename V>
std::vector<rules::BasicPosition<V>> random_quiet_positions(int games, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<rules::BasicPosition<V>> out;
    for (int g = 0; g < games; ++g) {
        auto p = rules::BasicPosition<V>::initial();
        for (int ply = 0; ply < 150; ++ply) {
            rules::BasicMoveList<V> moves;
            generate_moves(p, moves);
            if (moves.empty()) break;
            if (!has_capture(p)) out.push_back(p);
            p = p.after(moves[rng() % moves.size()]);
        }
    }
    return out;
}

/// Weights with every parameter of V's layout random, patterns included.
template <typename V>
BasicEvalWeights<V> random_weights(std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> dist(-400, 400);
    auto w = BasicEvalWeights<V>::zero();
    for (std::size_t i = 0; i < BasicEvalWeights<V>::Layout::count(); ++i) w.set(i, dist(rng));
    return w;
}

/// The same position with colours exchanged and the board turned.
template <typename V>
rules::BasicPosition<V> with_colours_swapped(const rules::BasicPosition<V>& p) {
    using G = EvalGeometry<typename V::Board>;
    return rules::BasicPosition<V>::from_bitboards(G::rotate(p.black()), G::rotate(p.white()),
                                                   G::rotate(p.kings()),
                                                   opposite(p.side_to_move()));
}

template <typename V>
class VariantEvaluate : public ::testing::Test {};
TYPED_TEST_SUITE(VariantEvaluate, draughts::testing::AllVariants, draughts::testing::VariantNames);

TYPED_TEST(VariantEvaluate, EvaluationEqualsWeightedTrace) {
    using V = TypeParam;
    const std::vector<BasicEvalWeights<V>> weight_sets = {
        BasicEvalWeights<V>{}, BasicEvalWeights<V>::material_only(), random_weights<V>(11)};
    const auto positions = random_quiet_positions<V>(90, 21);
    ASSERT_GT(positions.size(), 2000u);
    for (const auto& p : positions) {
        const EvalTrace trace = trace_evaluation(p);
        for (const auto& c : trace.coefficients)
            ASSERT_LT(c.index, BasicEvalWeights<V>::Layout::count());
        for (const auto& w : weight_sets)
            ASSERT_EQ(evaluate(p, w), evaluate_from_trace(trace, w)) << rules::to_fen(p);
    }
}

TYPED_TEST(VariantEvaluate, ColourFlipGivesSameScoreForSideToMove) {
    using V = TypeParam;
    const auto w = random_weights<V>(5);
    const auto positions = random_quiet_positions<V>(90, 22);
    ASSERT_GT(positions.size(), 2000u);
    const BasicEvalWeights<V> defaults{};  // built once: the pattern tables are large on 10x10
    for (const auto& p : positions) {
        const auto flipped = with_colours_swapped(p);
        ASSERT_EQ(evaluate(p, w), evaluate(flipped, w)) << rules::to_fen(p);
        ASSERT_EQ(evaluate(p, defaults), evaluate(flipped, defaults));
        // From White's point of view the flipped position is the exact opposite.
        const auto white_view = p.with_side_to_move(rules::Color::White);
        const auto flipped_white_view = flipped.with_side_to_move(rules::Color::White);
        ASSERT_EQ(evaluate(white_view, w), -evaluate(flipped_white_view, w)) << rules::to_fen(p);
    }
}

TYPED_TEST(VariantEvaluate, InitialPositionIsBalancedAndFullPhase) {
    using V = TypeParam;
    const auto start = rules::BasicPosition<V>::initial();
    EXPECT_EQ(evaluate(start, BasicEvalWeights<V>{}), 0);
    EXPECT_EQ(phase(start), kPhaseScale);
}

// The piece values are the variant's own: zero for a king in breakthrough (the first king has
// won), negative in antidraughts (every piece kept is a step away from winning).
TYPED_TEST(VariantEvaluate, MaterialOnlyHasOnlyPieceValues) {
    using V = TypeParam;
    const auto w = BasicEvalWeights<V>::material_only();
    const auto defaults = BasicEvalWeights<V>{};
    EXPECT_NE(w.middle_game(EvalTerm::Man), 0);
    for (int t = 0; t < kNumEvalTerms; ++t) {
        const auto term = static_cast<EvalTerm>(t);
        if (term == EvalTerm::Man || term == EvalTerm::King) {
            EXPECT_EQ(w.middle_game(term), defaults.middle_game(term));
            EXPECT_EQ(w.endgame(term), defaults.endgame(term));
        } else {
            EXPECT_EQ(w.middle_game(term), 0);
            EXPECT_EQ(w.endgame(term), 0);
        }
    }
    EXPECT_FALSE(w.patterns_active());
}

TEST(VariantLayout, BandsFollowTheBoard) {
    using Layout8 = BasicParameterLayout<rules::Board8>;
    EXPECT_EQ(ParameterLayout::kNumBands, 4);
    EXPECT_EQ(ParameterLayout::kNumTables, 4 + 16 + 4);
    EXPECT_EQ(Layout8::kNumBands, 3);
    EXPECT_EQ(Layout8::kNumTables, 3 + 9 + 3);
    EXPECT_EQ(Layout8::count(), 2 * kNumEvalTerms + (3 + 9 + 3) * kPatternTableSize);
    EXPECT_NE(Layout8::hash(), ParameterLayout::hash());
    EXPECT_FALSE(Layout8::index_of("pattern_band3[0]"));
    EXPECT_EQ(Layout8::index_of("pattern_band2[5]"),
              Layout8::table_index(EvalTable::PatternBand2, 5));
}

TEST(VariantLayout, EightByEightPhaseSpansItsMen) {
    EXPECT_EQ(phase(*rules::parse_fen<rules::Brazilian>("W:W21-32:B1-12")), kPhaseScale);
    EXPECT_EQ(phase(*rules::parse_fen<rules::Brazilian>("W:W29-30:B1-2")), 0);
    EXPECT_EQ(phase(*rules::parse_fen<rules::Russian>("W:W25-32:B1-6")), (14 - 4) * 32 / 20);
}

using test::coefficient;

struct VariantFeatureCase {
    const char* fen;
    EvalTerm term;
    int white_minus_black;
};

class EightByEightFeatures : public ::testing::TestWithParam<VariantFeatureCase> {};

TEST_P(EightByEightFeatures, CountsAsExpected) {
    using Layout8 = BasicParameterLayout<rules::Board8>;
    const VariantFeatureCase& c = GetParam();
    const auto p = *rules::parse_fen<rules::Brazilian>(c.fen);
    const EvalTrace trace = trace_evaluation(p);
    EXPECT_EQ(coefficient(trace, Layout8::middle_game_index(c.term)),
              c.white_minus_black * trace.phase)
        << c.fen;
    EXPECT_EQ(coefficient(trace, Layout8::endgame_index(c.term)),
              c.white_minus_black * (kPhaseScale - trace.phase))
        << c.fen;
}

// 8x8 squares: 1-4 on Black's back row (b8 d8 f8 h8), 29-32 on White's (a1 c1 e1 g1).
INSTANTIATE_TEST_SUITE_P(
    HandChecked, EightByEightFeatures,
    ::testing::Values(
        // 22 = c3 has advanced 2 rows; 15 = e5, 18 = d4 are centre squares, 22 is not.
        VariantFeatureCase{"W:W22:B", EvalTerm::Tempo, 2},
        VariantFeatureCase{"W:W22:B", EvalTerm::Centre, 0},
        VariantFeatureCase{"W:W15,18:B", EvalTerm::Centre, 2},
        VariantFeatureCase{"W:W29,30,31:B5", EvalTerm::BackRank, 3},
        // Black's man on 11 is White's 22 seen from the other side.
        VariantFeatureCase{"W:W:B11", EvalTerm::Tempo, -2},
        VariantFeatureCase{"W:WK29:B", EvalTerm::KingMainDiagonal, 1},
        VariantFeatureCase{"W:WK29:B", EvalTerm::KingMobility, 7},
        VariantFeatureCase{"W:W13:B", EvalTerm::Flank, 1},
        VariantFeatureCase{"W:W22:B", EvalTerm::Runaway, 1},
        VariantFeatureCase{"W:W22:B3", EvalTerm::Runaway, 0}));

}  // namespace
}  // namespace draughts::engine
