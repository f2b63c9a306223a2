#pragma once
// Turning samples into the tuner's input: each sample is replaced by its quiet leaf (once, when
// the data set is loaded), the leaf's evaluation trace gives the coefficients, and every loaded
// row is checked against the engine's own static evaluation.

#include <cstddef>
#include <cstdint>

#include "common/expected.hpp"
#include "tuner/dataset.hpp"
#include "tuner/variant_engine.hpp"

namespace draughts::tuner {

/// How many samples resolve_dataset kept and why it dropped the others.
struct ResolveCounts {
    std::size_t kept = 0;
    std::size_t game_over = 0;  ///< the quiet leaf has no legal move (a decided position)
    std::size_t too_deep = 0;   ///< still a capture at the depth bound (never seen in practice)
};

/// Samples of variant V with coefficients, plus what was dropped.
template <typename V>
struct BasicResolvedDataset {
    BasicDataset<V> dataset;  ///< only the kept samples, with `coefficients` set
    ResolveCounts counts;
    std::vector<std::size_t> kept;  ///< the index in the input of each kept sample
};

/// A resolved data set of international draughts.
using ResolvedDataset = BasicResolvedDataset<rules::International>;

/// Resolves every sample to its quiet leaf under `weights` (the capture search needs an
/// evaluation) and traces the leaf with V's evaluation. Runs in parallel; the output order is the
/// input order.
template <typename V>
Expected<BasicResolvedDataset<V>> resolve_dataset(const std::vector<BasicSample<V>>& samples,
                                                  const WeightsOf<V>& weights);

/// Outcome of a consistency check.
struct ConsistencyReport {
    std::size_t checked = 0;
};

/// Checks every row of a resolved data set: its leaf is quiet, its phase is the leaf's, and the
/// engine's static evaluation of the leaf equals the linear evaluation from the stored
/// coefficients (exact integer arithmetic, truncated as the engine does) under `weights` and
/// under a fixed pseudo-random weight vector (which also tests parameters whose weight is zero).
/// The error names the first bad row, its leaf and both values.
template <typename V>
Expected<ConsistencyReport> check_consistency(const BasicDataset<V>& dataset,
                                              const WeightsOf<V>& weights);

/// Training and hold-out stores.
struct TrainingSplit {
    CoefficientStore train;
    CoefficientStore holdout;
};

/// Shuffles the rows with a portable seeded generator (so that contiguous mini-batches are random
/// samples) and puts the last `holdout_fraction` of them aside. The same store, fraction and seed
/// give the same split on every machine.
TrainingSplit split_store(const CoefficientStore& store, double holdout_fraction,
                          std::uint64_t seed);

/// The same split when this process holds only a slice of the rows (a rank of a distributed
/// run): `store` holds the rows [first, first + store.size()) of the whole data set's `total`
/// rows. The whole split is the one split_store gives for the whole store; each process keeps
/// its own rows of it, with their row numbers in the whole training and hold-out stores
/// (CoefficientStore::set_share), so that every process sees the same batches. Besides its rows,
/// a process holds only the shuffled order (4 bytes per row of the whole set while it splits).
TrainingSplit split_share(const CoefficientStore& store, std::uint64_t first, std::uint64_t total,
                          double holdout_fraction, std::uint64_t seed);

}  // namespace draughts::tuner
