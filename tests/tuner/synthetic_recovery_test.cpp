// Acceptance 1: on synthetic data with known true weights (results drawn so that E[R] =
// sigmoid(true eval), with draws), the tuner started from zero recovers the weights with an error
// that shrinks like 1/sqrt(N), fits the training set better than the true weights do, and does
// worse than them on the hold-out set.

#include "tests/tuner/synthetic_recovery.hpp"

#include <gtest/gtest.h>

#include <string>

namespace draughts::tuner {
namespace {

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

test::Recovery recover(std::size_t rows) {
    return test::recover_synthetic_weights(recovery_spec(), rows, 5, 300);
}

TEST(SyntheticRecovery, ErrorShrinksLikeOneOverRootNAndLossesBracketTheTruth) {
    const test::Recovery small = recover(15'000);
    const test::Recovery large = recover(60'000);
    RecordProperty("rms_error_15k", std::to_string(small.rms_error));
    RecordProperty("rms_error_60k", std::to_string(large.rms_error));
    // Four times the data halves the error (1/sqrt(N)); allow for sampling noise.
    EXPECT_LT(large.rms_error, 0.7 * small.rms_error)
        << "small " << small.rms_error << ", large " << large.rms_error;
    EXPECT_GT(large.rms_error, 0.3 * small.rms_error)
        << "small " << small.rms_error << ", large " << large.rms_error;
    for (const test::Recovery& r : {small, large}) {
        EXPECT_LT(r.train_loss, r.train_loss_of_truth);
        EXPECT_GT(r.holdout_loss, r.holdout_loss_of_truth);
    }
}

}  // namespace
}  // namespace draughts::tuner
