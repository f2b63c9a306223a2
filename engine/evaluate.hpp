#pragma once
// Static evaluation of a quiet position (the side to move has no capture; the search never
// evaluates any other). The evaluation is linear in the weights of eval_weights.hpp:
//
//   S = sum_j  w_j * v_j          (exact, 64-bit integers)
//   white_eval = trunc(S / kPhaseScale)   (rounded toward zero, so colour-flipped positions
//                                          evaluate to exact opposites)
//   evaluate() = white_eval for White to move, -white_eval for Black to move
//
// where v_j are the integer trace values of trace_evaluation(). The game-phase taper is folded into
// them: a term with feature count f (White's count minus Black's) contributes v = f * p to its
// middle-game weight and v = f * (kPhaseScale - p) to its endgame weight, with p = phase(position)
// in 0..kPhaseScale; an entry of a band or region table hit n times (White's hits minus Black's)
// contributes v = n * kPhaseScale, and one of an endgame table v = n * (kPhaseScale - p). The
// real-valued coefficient c_j = v_j / kPhaseScale is exact in binary
// floating point, so sum_j w_j c_j equals white_eval up to the truncation (less than one unit).

#include <cstdint>
#include <vector>

#include "engine/eval_weights.hpp"
#include "rules/color.hpp"
#include "rules/position.hpp"

namespace draughts::engine {

/// Denominator of the phase taper (a power of two, so coefficients are exact binary fractions).
inline constexpr int kPhaseScale = 32;

/// Largest static evaluation in absolute value; far below the search's win scores.
inline constexpr int kMaxEvaluation = 500'000;

/// Middle-game share of the position, 0 (endgame) .. kPhaseScale (full board): the men on the
/// board beyond two fifths of one side's men (8 on 10x10, 4 on 8x8), scaled so that the full
/// board gives kPhaseScale (on 10x10 simply the men beyond 8, at most kPhaseScale).
template <typename V>
int phase(const rules::BasicPosition<V>& position);

/// Evaluation of a quiet position in engine units from the side to move's point of view,
/// clamped to +-kMaxEvaluation. Defined for the variants of rules/variant_list.hpp.
template <typename V>
int evaluate(const rules::BasicPosition<V>& position, const BasicEvalWeights<V>& weights);

/// One non-zero coefficient of the trace: parameter index and integer value (see above).
struct EvalCoefficient {
    std::uint32_t index = 0;
    std::int32_t value = 0;

    friend bool operator==(const EvalCoefficient&, const EvalCoefficient&) = default;
};

/// The evaluation of a position as coefficients of the weights, from White's point of view.
struct EvalTrace {
    rules::Color side_to_move = rules::Color::White;
    int phase = 0;
    std::vector<EvalCoefficient> coefficients;  ///< sorted by index, no zero values
};

/// Coefficients of the evaluation of `position`; they do not depend on the weights. The indices
/// are those of the board's layout (BasicParameterLayout<V::Board>).
template <typename V>
EvalTrace trace_evaluation(const rules::BasicPosition<V>& position);

/// White's evaluation from a trace: trunc(sum_j w_j v_j / kPhaseScale), unclamped.
template <typename V>
std::int64_t white_evaluation(const EvalTrace& trace, const BasicEvalWeights<V>& weights);

/// evaluate() recomputed from a trace: equals evaluate(position, weights) for every position
/// and weights (tested on thousands of positions).
template <typename V>
int evaluate_from_trace(const EvalTrace& trace, const BasicEvalWeights<V>& weights);

}  // namespace draughts::engine
