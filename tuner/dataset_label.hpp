#pragma once
// `draughts dataset label`: every sample of a data set gets a search score from an engine of any
// kind (a Hub engine above all: a researcher's own), so that a trainer of one's own gets
// positions, results and its engine's scores. Each position is searched afresh (a new game
// before each), with the given limits, by `concurrency` instances of the engine; the score is
// turned to White's point of view, in the toolkit's units (1000 to a man; a Hub engine's score
// in men times 1000).

#include <cstddef>
#include <functional>

#include "common/expected.hpp"
#include "engine/search_types.hpp"
#include "harness/config/engine_config.hpp"
#include "tuner/dataset.hpp"

namespace draughts::harness {
class ChildRegistry;
class EngineLog;
}  // namespace draughts::harness

namespace draughts::tuner {

/// How the samples are scored.
struct LabelOptions {
    harness::EngineConfig engine;
    engine::SearchLimits limits;  ///< depth, nodes or move time
    int concurrency = 1;
    harness::ChildRegistry* registry = nullptr;      ///< may be null
    harness::EngineLog* log = nullptr;               ///< may be null
    std::function<void(std::size_t done)> progress;  ///< after every 1000 samples (any thread)
};

/// What labelling did.
struct LabelReport {
    std::size_t samples = 0;
    std::size_t labelled = 0;
    std::size_t without_move = 0;  ///< positions with no legal move (left without a score)
};

/// Scores the samples of `dataset` in place; an engine that fails or gives no score is an error
/// naming the sample (its number in the file and its FEN) and the engine.
template <typename V>
Expected<LabelReport> label_dataset(BasicDataset<V>& dataset, const LabelOptions& options);

}  // namespace draughts::tuner
