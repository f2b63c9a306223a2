#pragma once
// Replaces a sampled position by a quiet one, as the tuner needs: the static evaluation is only
// ever applied to positions where the side to move has no capture. The quiet position is the leaf
// of the principal variation of a capture-only search (the engine's quiescence: captures are
// compulsory [FMJD 4.1], so there is no stand-pat and every capture line is played out).

#include <vector>

#include "engine/eval_weights.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::tuner {

/// Why a position has no usable quiet leaf.
enum class QuietStatus : unsigned char {
    Quiet,     ///< `leaf` is a quiet position with a legal move
    GameOver,  ///< the leaf's side to move has no move: the game is decided, not evaluated
    TooDeep,   ///< a capture is still pending after the depth bound (a generator fault)
};

/// The quiet leaf of a position and the capture line leading to it.
struct QuietLeaf {
    QuietStatus status = QuietStatus::Quiet;
    rules::Position leaf;
    std::vector<rules::Move> line;  ///< captures from the position to the leaf (may be empty)
    int score = 0;  ///< quiescence score, engine units, from the root's side to move
};

/// Searches the captures of `position` with the engine's static evaluation under `weights` and
/// returns the leaf of the principal variation. Deterministic: ties keep the first move found.
QuietLeaf resolve_quiet(const rules::Position& position, const engine::EvalWeights& weights);

}  // namespace draughts::tuner
