#pragma once
// Picking training positions from finished games: the positions before each ply, labelled with
// the game's result and the mover's search score (turned to White's point of view), filtered the
// way the Texel method asks: skip the opening plies, positions with a capture pending and
// positions whose score is already decided, and keep at most a few positions per game (chosen at
// random with a seeded generator): diversity matters more than label precision.

#include <cstdint>
#include <optional>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"
#include "tuner/sample.hpp"

namespace draughts::tuner {

/// Which positions of a game become samples.
struct SamplingOptions {
    int skip_plies = 0;         ///< the first plies of the game (the opening) are never sampled
    int max_per_game = 0;       ///< at most this many positions per game; 0: every eligible one
    bool skip_captures = true;  ///< skip positions where the side to move must capture
    /// Skip positions whose search score exceeds this in absolute value (the game is decided);
    /// 0: keep every score. Scores announcing a forced win are always skipped when set.
    int max_score = 0;
    std::uint64_t seed = 1;

    friend bool operator==(const SamplingOptions&, const SamplingOptions&) = default;
};

/// A finished game of variant V as a source of samples.
template <typename V>
struct BasicSampledGame {
    rules::BasicPosition<V> start;
    std::vector<rules::BasicMove<V>> moves;
    std::vector<std::optional<int>> scores;  ///< per ply: the mover's score, mover's view
    std::optional<Outcome> result;           ///< nullopt: unfinished (no samples)
    int first_ply = 0;  ///< ply number of `start` in the whole game (openings played before it)
};

/// A finished international game.
using SampledGame = BasicSampledGame<rules::International>;

/// The samples of one game; `key` (e.g. the game's index) varies the random choice per game.
template <typename V>
std::vector<BasicSample<V>> sample_game(const BasicSampledGame<V>& game,
                                        const SamplingOptions& options, std::uint64_t key);

/// Reads a game of variant V from one games.jsonl line of a match (start_fen, result, moves with
/// their notation and scores). Errors name `where` and the problem.
template <typename V = rules::International>
Expected<BasicSampledGame<V>> game_from_json_line(const Json& line, const std::string& where);

}  // namespace draughts::tuner
