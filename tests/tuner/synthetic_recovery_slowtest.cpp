// Synthetic recovery at the scale of the published figures (tuning.md: 200 tapered terms, RMS
// weight error about 2.4 / 1.2 / 0.55 score units at 250k / 1M / 4M positions on their scale):
// 400 parameters, 250k and 1M positions of about 30 non-zeros. The error must halve when the data
// grows fourfold, and the fitted training loss must end below the true weights' loss while the
// hold-out loss ends above it. The measured errors are recorded as test properties.

#include <gtest/gtest.h>

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

Recovery recover(std::size_t rows) {
    SyntheticSpec spec;
    spec.terms = 200;
    spec.terms_per_row = 15;
    spec.weight_range = 300.0;
    spec.seed = 21;
    const Eigen::VectorXd truth = synthetic_true_weights(spec);
    const TrainingSplit split = split_store(synthetic_store(spec, truth, rows, rows), 0.2, 3);
    TunerSettings settings;
    settings.k = spec.k;
    settings.learning_rate = 10.0;
    settings.learning_rate_decay = 0.99;
    TexelTuner tuner(split.train, &split.holdout, Eigen::VectorXd::Zero(truth.size()), settings);
    for (int epoch = 0; epoch < 400; ++epoch) tuner.run_epoch();
    const LossFunction loss(LossKind::MeanSquaredError, spec.k);
    return {test::rms_difference(tuner.weights(), truth), tuner.train_loss(),
            loss.loss(split.train, truth), tuner.holdout_loss(), loss.loss(split.holdout, truth)};
}

TEST(SyntheticRecoverySlow, TwoHundredTaperedTermsAtQuarterAndOneMillion) {
    const Recovery small = recover(250'000);
    const Recovery large = recover(1'000'000);
    RecordProperty("rms_error_250k", std::to_string(small.rms_error));
    RecordProperty("rms_error_1m", std::to_string(large.rms_error));
    EXPECT_LT(large.rms_error, 0.65 * small.rms_error)
        << "250k: " << small.rms_error << ", 1M: " << large.rms_error;
    EXPECT_GT(large.rms_error, 0.35 * small.rms_error)
        << "250k: " << small.rms_error << ", 1M: " << large.rms_error;
    for (const Recovery& r : {small, large}) {
        EXPECT_LT(r.train_loss, r.train_loss_of_truth);
        EXPECT_GT(r.holdout_loss, r.holdout_loss_of_truth);
    }
}

}  // namespace
}  // namespace draughts::tuner
