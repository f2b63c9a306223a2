#pragma once
// One synthetic recovery run, shared by the default-suite test (small sizes) and the slow one
// (the published scale): true weights drawn from a spec, a data set whose results follow them,
// a hold-out split, and the tuner started from zero weights.

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>

#include "tests/tuner/sparse_reference.hpp"
#include "tuner/dataset_resolver.hpp"
#include "tuner/synthetic_data.hpp"
#include "tuner/texel_tuner.hpp"

namespace draughts::tuner::test {

/// How close the tuned weights came to the truth, and the losses of both on each split.
struct Recovery {
    double rms_error = 0.0;
    double train_loss = 0.0;
    double train_loss_of_truth = 0.0;
    double holdout_loss = 0.0;
    double holdout_loss_of_truth = 0.0;
};

/// Tunes `epochs` full-batch epochs on `rows` synthetic positions of `spec` (20% held out, split
/// with `split_seed`) and compares the result with the true weights.
inline Recovery recover_synthetic_weights(const SyntheticSpec& spec, std::size_t rows,
                                          std::uint64_t split_seed, int epochs) {
    const Eigen::VectorXd truth = synthetic_true_weights(spec);
    const TrainingSplit split =
        split_store(synthetic_store(spec, truth, rows, rows), 0.2, split_seed);
    TunerSettings settings;
    settings.k = spec.k;
    settings.learning_rate = 10.0;
    settings.learning_rate_decay = 0.99;
    TexelTuner tuner(split.train, &split.holdout, Eigen::VectorXd::Zero(truth.size()), settings);
    for (int epoch = 0; epoch < epochs; ++epoch) tuner.run_epoch();
    const LossFunction loss(LossKind::MeanSquaredError, spec.k);
    return {rms_difference(tuner.weights(), truth), tuner.train_loss(),
            loss.loss(split.train, truth), tuner.holdout_loss(), loss.loss(split.holdout, truth)};
}

}  // namespace draughts::tuner::test
