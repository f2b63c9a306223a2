// The fused parallel loss and gradient: agreement with the sparse-matrix reference, with finite
// differences, and bit-identical results for any number of threads.

#include "tuner/loss.hpp"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <cmath>
#include <string>

#include "tests/tuner/sparse_reference.hpp"
#include "tuner/synthetic_data.hpp"

namespace draughts::tuner {
namespace {

SyntheticSpec small_spec() {
    SyntheticSpec spec;
    spec.terms = 20;
    spec.table_entries = 30;
    spec.terms_per_row = 6;
    spec.table_hits_per_row = 4;
    spec.seed = 3;
    return spec;
}

/// Weights near (but not at) the truth, so that the gradient is not tiny.
Eigen::VectorXd perturbed(const Eigen::VectorXd& w, double amount) {
    Eigen::VectorXd out = w;
    for (Eigen::Index i = 0; i < out.size(); ++i)
        out[i] += amount * std::sin(1.7 * static_cast<double>(i));
    return out;
}

TEST(Sigmoid, UsesTheEngineScale) {
    EXPECT_DOUBLE_EQ(sigmoid(0.0, 1.0), 0.5);
    // Four men (4000 units) at K = 1 make odds of ten to one.
    EXPECT_NEAR(sigmoid(4000.0, 1.0), 10.0 / 11.0, 1e-15);
    EXPECT_NEAR(sigmoid(-2000.0, 2.0), 1.0 / 11.0, 1e-15);
}

struct KindCase {
    LossKind kind;
    double k;
};

class FusedLoss : public ::testing::TestWithParam<KindCase> {};

TEST_P(FusedLoss, MatchesSparseMatrixReference) {
    const SyntheticSpec spec = small_spec();
    const Eigen::VectorXd truth = synthetic_true_weights(spec);
    const CoefficientStore store = synthetic_store(spec, truth, 20000, 1);
    const Eigen::VectorXd w = perturbed(truth, 80.0);
    const LossFunction loss(GetParam().kind, GetParam().k);
    Eigen::VectorXd fused;
    Eigen::VectorXd reference;
    const double fused_loss = loss.loss_and_gradient(store, w, fused);
    const double reference_loss =
        test::reference_loss(store, w, GetParam().kind, GetParam().k, &reference);
    EXPECT_NEAR(fused_loss, reference_loss, 1e-12);
    EXPECT_NEAR(loss.loss(store, w), reference_loss, 1e-12);
    ASSERT_EQ(fused.size(), reference.size());
    EXPECT_LT(test::relative_difference(fused, reference), 1e-10);
}

TEST_P(FusedLoss, GradientMatchesFiniteDifferences) {
    const SyntheticSpec spec = small_spec();
    const Eigen::VectorXd truth = synthetic_true_weights(spec);
    const CoefficientStore store = synthetic_store(spec, truth, 3000, 2);
    const Eigen::VectorXd w = perturbed(truth, 120.0);
    const LossFunction loss(GetParam().kind, GetParam().k);
    Eigen::VectorXd gradient;
    loss.loss_and_gradient(store, w, gradient);
    constexpr double kStep = 0.05;  // engine units
    for (Eigen::Index j = 0; j < w.size(); ++j) {
        Eigen::VectorXd up = w, down = w;
        up[j] += kStep;
        down[j] -= kStep;
        const double numeric = (loss.loss(store, up) - loss.loss(store, down)) / (2 * kStep);
        EXPECT_NEAR(gradient[j], numeric, 1e-6 * std::abs(numeric) + 1e-12) << "parameter " << j;
    }
}

INSTANTIATE_TEST_SUITE_P(Kinds, FusedLoss,
                         ::testing::Values(KindCase{LossKind::MeanSquaredError, 1.0},
                                           KindCase{LossKind::MeanSquaredError, 0.4},
                                           KindCase{LossKind::CrossEntropy, 1.3}),
                         [](const auto& p) {
                             return std::string(loss_kind_name(p.param.kind)) + "_k" +
                                    std::to_string(static_cast<int>(p.param.k * 10));
                         });

TEST(FusedLoss, SameBitsForOneAndTwoThreads) {
    const SyntheticSpec spec = small_spec();
    const Eigen::VectorXd truth = synthetic_true_weights(spec);
    const CoefficientStore store = synthetic_store(spec, truth, 50000, 4);
    const LossFunction loss(LossKind::MeanSquaredError, 1.0);
    Eigen::VectorXd one, two;
    double loss_one = 0.0, loss_two = 0.0;
    tbb::task_arena(1).execute([&] { loss_one = loss.loss_and_gradient(store, truth, one); });
    tbb::task_arena(2).execute([&] { loss_two = loss.loss_and_gradient(store, truth, two); });
    EXPECT_EQ(loss_one, loss_two);
    EXPECT_TRUE(one == two);
}

TEST(FusedLoss, RangesCoverTheirRowsOnly) {
    const SyntheticSpec spec = small_spec();
    const Eigen::VectorXd truth = synthetic_true_weights(spec);
    const CoefficientStore store = synthetic_store(spec, truth, 9000, 5);
    const LossFunction loss(LossKind::MeanSquaredError, 1.0);
    const double whole = loss.loss(store, truth);
    const double first = loss.loss(store, truth, {0, 4000});
    const double rest = loss.loss(store, truth, {4000, 9000});
    EXPECT_NEAR(whole, (4000 * first + 5000 * rest) / 9000, 1e-14);
    Eigen::VectorXd gradient;
    EXPECT_EQ(loss.loss_and_gradient(store, truth, {3, 3}, gradient), 0.0);
    EXPECT_EQ(gradient.size(), static_cast<Eigen::Index>(spec.parameter_count()));
    EXPECT_EQ(test::max_abs(gradient), 0.0);
}

TEST(LossKind, NamesRoundTrip) {
    for (const LossKind kind : {LossKind::MeanSquaredError, LossKind::CrossEntropy})
        EXPECT_EQ(*parse_loss_kind(loss_kind_name(kind)), kind);
    EXPECT_FALSE(parse_loss_kind("mae"));
}

}  // namespace
}  // namespace draughts::tuner
