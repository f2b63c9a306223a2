// Acceptance 1: on synthetic data with known true weights (results drawn so that E[R] =
// sigmoid(true eval), with draws), the tuner started from zero recovers the weights with an error
// that shrinks like 1/sqrt(N), fits the training set better than the true weights do, and does
// worse than them on the hold-out set.

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "tests/tuner/sparse_reference.hpp"
#include "tuner/dataset_resolver.hpp"
#include "tuner/synthetic_data.hpp"
#include "tuner/texel_tuner.hpp"

namespace draughts::tuner {
namespace {

struct Recovery {
    double rms_error = 0.0;
    double train_loss = 0.0;
    double train_loss_of_truth = 0.0;
    double holdout_loss = 0.0;
    double holdout_loss_of_truth = 0.0;
};

SyntheticSpec recovery_spec() {
    SyntheticSpec spec;
    spec.terms = 30;
    spec.table_entries = 40;
    spec.terms_per_row = 8;
    spec.table_hits_per_row = 4;
    spec.weight_range = 300.0;
    spec.k = 1.0;
    spec.draw_share = 0.5;
    spec.seed = 11;
    return spec;
}

Recovery recover(std::size_t rows) {
    const SyntheticSpec spec = recovery_spec();
    const Eigen::VectorXd truth = synthetic_true_weights(spec);
    const CoefficientStore all = synthetic_store(spec, truth, rows, rows);
    const TrainingSplit split = split_store(all, 0.2, 5);
    TunerSettings settings;
    settings.k = spec.k;
    settings.learning_rate = 10.0;
    settings.learning_rate_decay = 0.99;
    TexelTuner tuner(split.train, &split.holdout, Eigen::VectorXd::Zero(truth.size()), settings);
    for (int epoch = 0; epoch < 300; ++epoch) tuner.run_epoch();
    const LossFunction loss(LossKind::MeanSquaredError, spec.k);
    return {test::rms_difference(tuner.weights(), truth), tuner.train_loss(),
            loss.loss(split.train, truth), tuner.holdout_loss(), loss.loss(split.holdout, truth)};
}

TEST(SyntheticRecovery, ErrorShrinksLikeOneOverRootNAndLossesBracketTheTruth) {
    const Recovery small = recover(15'000);
    const Recovery large = recover(60'000);
    RecordProperty("rms_error_15k", std::to_string(small.rms_error));
    RecordProperty("rms_error_60k", std::to_string(large.rms_error));
    // Four times the data halves the error (1/sqrt(N)); allow for sampling noise.
    EXPECT_LT(large.rms_error, 0.7 * small.rms_error)
        << "small " << small.rms_error << ", large " << large.rms_error;
    EXPECT_GT(large.rms_error, 0.3 * small.rms_error)
        << "small " << small.rms_error << ", large " << large.rms_error;
    for (const Recovery& r : {small, large}) {
        EXPECT_LT(r.train_loss, r.train_loss_of_truth);
        EXPECT_GT(r.holdout_loss, r.holdout_loss_of_truth);
    }
}

}  // namespace
}  // namespace draughts::tuner
