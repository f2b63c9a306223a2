// Labels blended from results and search scores (tuner/loss.hpp, `score_weight`): the loss of a
// few rows computed by hand, rows without a score keeping their result, the gradient against
// finite differences, and the weights behind the scores fitted back far closer than results
// alone can give them.

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "engine/evaluate.hpp"
#include "tests/tuner/sparse_reference.hpp"
#include "tuner/loss.hpp"
#include "tuner/synthetic_data.hpp"
#include "tuner/texel_tuner.hpp"

namespace draughts::tuner {
namespace {

/// The synthetic rows of `plain` with a score each: the evaluation under `truth`, moved by
/// `noise` x sin(row), so that the scores are not the truth exactly when noise is non-zero.
CoefficientStore with_scores(const CoefficientStore& plain, const Eigen::VectorXd& truth,
                             double noise) {
    CoefficientStore out = CoefficientStore::for_parameters(plain.parameter_count());
    for (std::size_t row = 0; row < plain.size(); ++row) {
        const auto coefficients = plain.coefficients(row);
        double eval = 0.0;
        for (const engine::EvalCoefficient& c : coefficients)
            eval += truth[static_cast<Eigen::Index>(c.index)] * c.value / engine::kPhaseScale;
        const double score = eval + noise * std::sin(static_cast<double>(row));
        EXPECT_TRUE(out.append(coefficients, plain.phase(row), plain.result(row), score));
    }
    return out;
}

SyntheticSpec scored_spec() {
    SyntheticSpec spec;
    spec.terms = 12;
    spec.table_entries = 20;
    spec.terms_per_row = 5;
    spec.table_hits_per_row = 3;
    spec.seed = 8;
    return spec;
}

TEST(ScoreWeight, BlendsEachResultWithItsScoreThroughTheSigmoid) {
    // One parameter of 500 units; rows whose evaluations are 500, -500 and 1000.
    CoefficientStore store = CoefficientStore::for_parameters(1);
    const double k = 1.2;
    ASSERT_TRUE(
        store.append(std::vector<engine::EvalCoefficient>{{0, 32}}, 0, Outcome::WhiteWin, 1000.0));
    ASSERT_TRUE(store.append(std::vector<engine::EvalCoefficient>{{0, -32}}, 0, Outcome::Draw));
    ASSERT_TRUE(
        store.append(std::vector<engine::EvalCoefficient>{{0, 64}}, 0, Outcome::BlackWin, -200.0));
    const Eigen::VectorXd w = Eigen::VectorXd::Constant(1, 500.0);
    constexpr double kWeight = 0.25;
    const double labels[] = {1.0 + kWeight * (sigmoid(1000.0, k) - 1.0), 0.5,
                             kWeight * sigmoid(-200.0, k)};
    const double evals[] = {500.0, -500.0, 1000.0};
    double mse = 0.0;
    double entropy = 0.0;
    for (int i = 0; i < 3; ++i) {
        const double s = sigmoid(evals[i], k);
        mse += (labels[i] - s) * (labels[i] - s) / 3.0;
        entropy -= (labels[i] * std::log(s) + (1.0 - labels[i]) * std::log(1.0 - s)) / 3.0;
    }
    EXPECT_NEAR(LossFunction(LossKind::MeanSquaredError, k, nullptr, kWeight).loss(store, w), mse,
                1e-12);
    EXPECT_NEAR(LossFunction(LossKind::CrossEntropy, k, nullptr, kWeight).loss(store, w), entropy,
                1e-12);
}

TEST(ScoreWeight, ZeroLeavesTheResultsAlone) {
    const SyntheticSpec spec = scored_spec();
    const Eigen::VectorXd truth = synthetic_true_weights(spec);
    const CoefficientStore plain = synthetic_store(spec, truth, 5000, 1);
    const CoefficientStore scored = with_scores(plain, truth, 300.0);
    const Eigen::VectorXd w = truth * 0.7;
    const double results_only = LossFunction(LossKind::MeanSquaredError, 1.0).loss(plain, w);
    EXPECT_EQ(LossFunction(LossKind::MeanSquaredError, 1.0, nullptr, 0.0).loss(scored, w),
              results_only);
    EXPECT_NE(LossFunction(LossKind::MeanSquaredError, 1.0, nullptr, 0.5).loss(scored, w),
              results_only);
}

TEST(ScoreWeight, GradientMatchesFiniteDifferences) {
    const SyntheticSpec spec = scored_spec();
    const Eigen::VectorXd truth = synthetic_true_weights(spec);
    const CoefficientStore store = with_scores(synthetic_store(spec, truth, 3000, 2), truth, 400.0);
    Eigen::VectorXd w = truth;
    for (Eigen::Index i = 0; i < w.size(); ++i) w[i] += 150.0 * std::cos(1.3 * double(i));
    for (const LossKind kind : {LossKind::MeanSquaredError, LossKind::CrossEntropy}) {
        const LossFunction loss(kind, 0.9, nullptr, 0.6);
        Eigen::VectorXd gradient;
        loss.loss_and_gradient(store, w, gradient);
        constexpr double kStep = 0.05;
        for (Eigen::Index j = 0; j < w.size(); ++j) {
            Eigen::VectorXd up = w, down = w;
            up[j] += kStep;
            down[j] -= kStep;
            const double numeric = (loss.loss(store, up) - loss.loss(store, down)) / (2 * kStep);
            EXPECT_NEAR(gradient[j], numeric, 1e-6 * std::abs(numeric) + 1e-12)
                << loss_kind_name(kind) << " parameter " << j;
        }
    }
}

/// Root-mean-square distance to `truth` of the weights tuned from zero on `train`.
double tuned_error(const CoefficientStore& train, const Eigen::VectorXd& truth, double weight) {
    TunerSettings settings;
    settings.k = 1.0;
    settings.score_weight = weight;
    settings.learning_rate = 10.0;
    settings.learning_rate_decay = 0.99;
    TexelTuner tuner(train, nullptr, Eigen::VectorXd::Zero(truth.size()), settings);
    for (int epoch = 0; epoch < 300; ++epoch) tuner.run_epoch();
    return test::rms_difference(tuner.weights(), truth);
}

TEST(ScoreWeight, ScoresOfTheTrueWeightsAreFittedBackFarCloserThanResults) {
    const SyntheticSpec spec = scored_spec();
    const Eigen::VectorXd truth = synthetic_true_weights(spec);
    const CoefficientStore train = with_scores(synthetic_store(spec, truth, 4000, 3), truth, 0.0);
    const double from_results = tuned_error(train, truth, 0.0);
    const double from_scores = tuned_error(train, truth, 1.0);
    const double from_blend = tuned_error(train, truth, 0.5);
    EXPECT_LT(from_scores, from_results / 4) << from_results;
    EXPECT_LT(from_blend, from_results) << from_results;
    EXPECT_LT(from_scores, 10.0);  // engine units, of weights within +-500
}

}  // namespace
}  // namespace draughts::tuner
