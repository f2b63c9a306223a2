#pragma once
// Training positions from the games of a match results folder (games.jsonl): each game's
// positions sampled as tuner/game_sampler.hpp says, labelled with the game's result and the
// mover's reported score. Datagen samples its own match this way, and `draughts dataset
// from-games` any match's, so that the games of any engine (built-in, Hub, DXP) become a data
// set for the tuner or for an engine author's own trainer.

#include <array>
#include <cstddef>
#include <filesystem>

#include "common/expected.hpp"
#include "rules/variant.hpp"
#include "tuner/dataset.hpp"
#include "tuner/game_sampler.hpp"

namespace draughts::tuner {

/// What sampling a folder found.
struct SamplingReport {
    std::size_t games = 0;
    std::size_t unfinished = 0;  ///< games without a result (none after a completed match)
    /// Pairs whose games repeat an earlier pair's move for move (pair_signature), not sampled:
    /// they would enter the data set twice.
    std::size_t repeated_pairs = 0;
    std::size_t samples = 0;
    std::array<std::size_t, 3> results{};  ///< samples per outcome (Black win, draw, White win)
};

/// The rules the games of a results folder were played under (their `variant` key; none:
/// international). Errors name the folder: no games, or games of two variants.
Expected<rules::Variant> results_variant(const std::filesystem::path& dir);

/// Samples every committed pair of the folder `dir`, in schedule order (so that the data set
/// does not depend on the concurrency of the match), into a data set of variant V. Errors name
/// games.jsonl, the pair and the game (a move that does not replay, a game of another variant).
template <typename V>
Expected<BasicDataset<V>> sample_results(const std::filesystem::path& dir,
                                         const SamplingOptions& options, SamplingReport& report);

}  // namespace draughts::tuner
