#pragma once
// Replaces a sampled position by a quiet one, as the tuner needs: the static evaluation is only
// ever applied to positions where the side to move has no capture. The quiet position is the leaf
// of the principal variation of a capture-only search (the engine's quiescence: captures are
// compulsory [FMJD 4.1], so there is no stand-pat and every capture line is played out).

#include <vector>

#include "rules/move.hpp"
#include "rules/position.hpp"
#include "tuner/variant_engine.hpp"

namespace draughts::tuner {

/// Why a position has no usable quiet leaf.
enum class QuietStatus : unsigned char {
    Quiet,     ///< `leaf` is a quiet position with a legal move
    GameOver,  ///< the leaf's side to move has no move: the game is decided, not evaluated
    TooDeep,   ///< a capture is still pending after the depth bound (a generator fault)
};

/// The quiet leaf of a position of variant V and the capture line leading to it.
template <typename V>
struct BasicQuietLeaf {
    QuietStatus status = QuietStatus::Quiet;
    rules::BasicPosition<V> leaf;
    std::vector<rules::BasicMove<V>> line;  ///< captures from the position to the leaf (or none)
    int score = 0;  ///< quiescence score, engine units, from the root's side to move
};

/// The quiet leaf of an international position.
using QuietLeaf = BasicQuietLeaf<rules::International>;

/// Searches the captures of `position` with the engine's static evaluation of variant V under
/// `weights` and returns the leaf of the principal variation. Deterministic: ties keep the first
/// move found.
template <typename V>
BasicQuietLeaf<V> resolve_quiet(const rules::BasicPosition<V>& position,
                                const WeightsOf<V>& weights);

}  // namespace draughts::tuner
