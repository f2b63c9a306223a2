// Synthetic recovery at the scale of the published figures (tuning.md: 200 tapered terms, RMS
// weight error about 2.4 / 1.2 / 0.55 score units at 250k / 1M / 4M positions on their scale):
// 400 parameters, 250k and 1M positions of about 30 non-zeros. The error must halve when the data
// grows fourfold, and the fitted training loss must end below the true weights' loss while the
// hold-out loss ends above it. The measured errors are recorded as test properties.

#include <gtest/gtest.h>

#include <string>

#include "tests/tuner/synthetic_recovery.hpp"

namespace draughts::tuner {
namespace {

test::Recovery recover(std::size_t rows) {
    SyntheticSpec spec;
    spec.terms = 200;
    spec.terms_per_row = 15;
    spec.weight_range = 300.0;
    spec.seed = 21;
    return test::recover_synthetic_weights(spec, rows, 3, 400);
}

TEST(SyntheticRecoverySlow, TwoHundredTaperedTermsAtQuarterAndOneMillion) {
    const test::Recovery small = recover(250'000);
    const test::Recovery large = recover(1'000'000);
    RecordProperty("rms_error_250k", std::to_string(small.rms_error));
    RecordProperty("rms_error_1m", std::to_string(large.rms_error));
    EXPECT_LT(large.rms_error, 0.65 * small.rms_error)
        << "250k: " << small.rms_error << ", 1M: " << large.rms_error;
    EXPECT_GT(large.rms_error, 0.35 * small.rms_error)
        << "250k: " << small.rms_error << ", 1M: " << large.rms_error;
    for (const test::Recovery& r : {small, large}) {
        EXPECT_LT(r.train_loss, r.train_loss_of_truth);
        EXPECT_GT(r.holdout_loss, r.holdout_loss_of_truth);
    }
}

}  // namespace
}  // namespace draughts::tuner
