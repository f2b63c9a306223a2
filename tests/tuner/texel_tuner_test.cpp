// The training loop: Adam's update rule, frozen terms, L2 toward the start, resume from a
// checkpoint giving bit-identical weights, checkpoint errors, K fitting and weight rounding.

#include "tuner/texel_tuner.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "tests/tuner/sparse_reference.hpp"
#include "tuner/checkpoint.hpp"
#include "tuner/k_fit.hpp"
#include "tuner/parameter_selection.hpp"
#include "tuner/synthetic_data.hpp"

namespace draughts::tuner {
namespace {

SyntheticSpec spec() {
    SyntheticSpec s;
    s.terms = 12;
    s.table_entries = 20;
    s.terms_per_row = 5;
    s.table_hits_per_row = 3;
    s.seed = 8;
    return s;
}

TEST(AdamOptimizer, FirstStepMovesEachParameterByTheLearningRate) {
    AdamOptimizer adam(3, {});
    Eigen::VectorXd w(3), g(3);
    w << 1.0, 2.0, 3.0;
    g << 0.5, -1e-3, 0.0;
    adam.step(w, g, 0.1, Eigen::ArrayXd::Ones(3));
    // After bias correction m/sqrt(v) = sign(g) on the first step.
    EXPECT_NEAR(w[0], 0.9, 1e-7);
    EXPECT_NEAR(w[1], 2.1, 1e-5);
    EXPECT_EQ(w[2], 3.0);
    EXPECT_EQ(adam.steps(), 1u);
}

TEST(AdamOptimizer, FrozenParametersNeitherMoveNorGatherMoments) {
    AdamOptimizer adam(2, {});
    Eigen::VectorXd w = Eigen::VectorXd::Zero(2), g(2);
    g << 1.0, 1.0;
    Eigen::ArrayXd trainable(2);
    trainable << 1.0, 0.0;
    for (int i = 0; i < 5; ++i) adam.step(w, g, 1.0, trainable);
    EXPECT_LT(w[0], -4.0);
    EXPECT_EQ(w[1], 0.0);
    EXPECT_EQ(adam.first_moment()[1], 0.0);
    EXPECT_EQ(adam.second_moment()[1], 0.0);
}

TunerSettings settings(std::size_t batch) {
    TunerSettings s;
    s.k = 1.0;
    s.learning_rate = 8.0;
    s.learning_rate_decay = 0.98;
    s.batch_size = batch;
    s.l2 = 1e-9;
    s.seed = 77;
    return s;
}

class Resume : public ::testing::TestWithParam<std::size_t> {};

TEST_P(Resume, GivesTheWeightsOfAnUninterruptedRun) {
    const SyntheticSpec sp = spec();
    const Eigen::VectorXd truth = synthetic_true_weights(sp);
    const CoefficientStore train = synthetic_store(sp, truth, 12000, 1);
    const CoefficientStore holdout = synthetic_store(sp, truth, 3000, 2);
    const Eigen::VectorXd start = Eigen::VectorXd::Zero(truth.size());
    const auto path = std::filesystem::temp_directory_path() /
                      ("draughts_resume_test_" + std::to_string(GetParam()) + ".ckpt");

    TexelTuner whole(train, &holdout, start, settings(GetParam()));
    for (int e = 0; e < 12; ++e) whole.run_epoch();

    {
        TexelTuner first(train, &holdout, start, settings(GetParam()));
        for (int e = 0; e < 5; ++e) first.run_epoch();
        ASSERT_TRUE(save_checkpoint(first, path));
    }
    TexelTuner second(train, &holdout, start, settings(GetParam()));
    auto state = load_checkpoint(path, second);
    ASSERT_TRUE(state) << state.error().message;
    second.restore(std::move(*state));
    EXPECT_EQ(second.epoch(), 5);
    while (second.epoch() < 12) second.run_epoch();

    EXPECT_TRUE(second.weights() == whole.weights());  // bit for bit
    EXPECT_EQ(second.state().optimizer.steps(), whole.state().optimizer.steps());
    EXPECT_EQ(second.best_epoch(), whole.best_epoch());
    EXPECT_TRUE(second.best_weights() == whole.best_weights());
    ASSERT_EQ(second.history().size(), whole.history().size());
    for (std::size_t i = 0; i < whole.history().size(); ++i) {
        EXPECT_EQ(second.history()[i].train_loss, whole.history()[i].train_loss);
        EXPECT_EQ(second.history()[i].holdout_loss, whole.history()[i].holdout_loss);
        EXPECT_EQ(second.history()[i].best_epoch, whole.history()[i].best_epoch);
    }
    std::filesystem::remove(path);
}

INSTANTIATE_TEST_SUITE_P(BatchSizes, Resume, ::testing::Values(0u, 1000u));

TEST(Checkpoint, RefusesAnotherRunAndDamagedFiles) {
    const SyntheticSpec sp = spec();
    const Eigen::VectorXd truth = synthetic_true_weights(sp);
    const CoefficientStore train = synthetic_store(sp, truth, 2000, 1);
    const Eigen::VectorXd start = Eigen::VectorXd::Zero(truth.size());
    const auto path = std::filesystem::temp_directory_path() / "draughts_checkpoint_test.ckpt";
    TexelTuner tuner(train, nullptr, start, settings(0));
    tuner.run_epoch();
    ASSERT_TRUE(save_checkpoint(tuner, path));

    TunerSettings other = settings(0);
    other.learning_rate = 9.0;
    const TexelTuner different(train, nullptr, start, other);
    const auto refused = load_checkpoint(path, different);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("belongs to another run"), std::string::npos);

    std::filesystem::resize_file(path, std::filesystem::file_size(path) - 10);
    const auto truncated = load_checkpoint(path, tuner);
    ASSERT_FALSE(truncated);
    EXPECT_NE(truncated.error().message.find(path.string()), std::string::npos);

    std::ofstream(path) << "not a checkpoint";
    const auto garbage = load_checkpoint(path, tuner);
    ASSERT_FALSE(garbage);
    EXPECT_NE(garbage.error().message.find("bad magic"), std::string::npos);
    std::filesystem::remove(path);
}

TEST(Checkpoint, RecordsTheVariantAndRefusesAnotherOne) {
    const SyntheticSpec sp = spec();
    const Eigen::VectorXd truth = synthetic_true_weights(sp);
    const CoefficientStore train = synthetic_store(sp, truth, 500, 1);
    const Eigen::VectorXd start = Eigen::VectorXd::Zero(truth.size());
    const auto path = std::filesystem::temp_directory_path() / "draughts_checkpoint_variant.ckpt";
    TexelTuner tuner(train, nullptr, start, settings(0));
    tuner.run_epoch();
    ASSERT_TRUE(save_checkpoint(tuner, path, rules::Variant::Brazilian));
    EXPECT_TRUE(load_checkpoint(path, tuner, rules::Variant::Brazilian));
    const auto refused = load_checkpoint(path, tuner);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("of a run of brazilian draughts, this run is of "
                                           "international draughts"),
              std::string::npos)
        << refused.error().message;
    // International checkpoints keep the reserved zero word of the files written before.
    ASSERT_TRUE(save_checkpoint(tuner, path));
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(bytes.substr(12, 4), std::string(4, '\0'));
    std::filesystem::remove(path);
}

TEST(TexelTuner, FrozenParametersKeepTheirStartingValues) {
    const SyntheticSpec sp = spec();
    const Eigen::VectorXd truth = synthetic_true_weights(sp);
    const CoefficientStore train = synthetic_store(sp, truth, 5000, 1);
    TunerSettings s = settings(0);
    s.frozen.assign(sp.parameter_count(), false);
    s.frozen[0] = s.frozen[5] = true;
    Eigen::VectorXd start = Eigen::VectorXd::Constant(truth.size(), 7.0);
    TexelTuner tuner(train, nullptr, start, s);
    for (int e = 0; e < 5; ++e) tuner.run_epoch();
    EXPECT_EQ(tuner.weights()[0], 7.0);
    EXPECT_EQ(tuner.weights()[5], 7.0);
    EXPECT_NE(tuner.weights()[1], 7.0);
}

TEST(TexelTuner, StrongL2KeepsWeightsNearTheStart) {
    const SyntheticSpec sp = spec();
    const Eigen::VectorXd truth = synthetic_true_weights(sp);
    const CoefficientStore train = synthetic_store(sp, truth, 5000, 1);
    const Eigen::VectorXd start = Eigen::VectorXd::Zero(truth.size());
    TunerSettings loose = settings(0), tight = settings(0);
    loose.l2 = 0.0;
    tight.l2 = 1e-4;
    TexelTuner a(train, nullptr, start, loose), b(train, nullptr, start, tight);
    for (int e = 0; e < 150; ++e) {
        a.run_epoch();
        b.run_epoch();
    }
    EXPECT_LT(test::max_abs(b.weights()), 0.2 * test::max_abs(a.weights()));
}

TEST(TexelTuner, ReportsEveryEpoch) {
    const SyntheticSpec sp = spec();
    const Eigen::VectorXd truth = synthetic_true_weights(sp);
    const CoefficientStore train = synthetic_store(sp, truth, 3000, 1);
    const CoefficientStore holdout = synthetic_store(sp, truth, 1000, 2);
    TexelTuner tuner(train, &holdout, Eigen::VectorXd::Zero(truth.size()), settings(500));
    const EpochReport first = tuner.run_epoch();
    const EpochReport second = tuner.run_epoch();
    EXPECT_EQ(first.epoch, 1);
    EXPECT_EQ(second.epoch, 2);
    EXPECT_EQ(first.steps, 6u);  // 3000 rows in batches of 500
    EXPECT_DOUBLE_EQ(second.learning_rate, 8.0 * 0.98);
    EXPECT_LT(second.train_loss, first.train_loss);
    EXPECT_EQ(second.holdout_loss, tuner.holdout_loss());
    EXPECT_GT(first.seconds, 0.0);
}

TEST(TexelTuner, BothLossesAreOfTheWeightsTheEpochEndedWith) {
    const SyntheticSpec sp = spec();
    const Eigen::VectorXd truth = synthetic_true_weights(sp);
    const CoefficientStore train = synthetic_store(sp, truth, 3000, 1);
    const CoefficientStore holdout = synthetic_store(sp, truth, 1000, 2);
    for (const std::size_t batch : {0u, 500u}) {
        TexelTuner tuner(train, &holdout, Eigen::VectorXd::Zero(truth.size()), settings(batch));
        for (int e = 0; e < 3; ++e) {
            const EpochReport report = tuner.run_epoch();
            EXPECT_EQ(report.train_loss, tuner.train_loss()) << batch;
            EXPECT_EQ(report.holdout_loss, tuner.holdout_loss()) << batch;
        }
    }
}

/// A run that overfits: few training rows for the parameters and a large step, so that the
/// hold-out loss first falls and then rises.
struct OverfittingRun {
    SyntheticSpec sp = [] {
        SyntheticSpec s = spec();
        s.table_entries = 200;
        return s;
    }();
    Eigen::VectorXd truth = synthetic_true_weights(sp);
    CoefficientStore train = synthetic_store(sp, truth, 150, 1);
    CoefficientStore holdout = synthetic_store(sp, truth, 2000, 2);
};

TEST(TexelTuner, KeepsTheEpochWithTheLowestHoldoutLoss) {
    const OverfittingRun run;
    TunerSettings s = settings(0);
    s.learning_rate = 60.0;
    s.learning_rate_decay = 1.0;
    TexelTuner tuner(run.train, &run.holdout, Eigen::VectorXd::Zero(run.truth.size()), s);
    for (int e = 0; e < 40; ++e) tuner.run_epoch();
    const auto& history = tuner.history();
    const int best = tuner.best_epoch();
    ASSERT_GT(best, 0);
    ASSERT_LT(best, 30) << "the run must overfit for this test to mean something";
    const double best_loss = history[static_cast<std::size_t>(best - 1)].holdout_loss;
    for (const EpochReport& r : history) {
        EXPECT_GE(r.holdout_loss, best_loss) << "epoch " << r.epoch;
        if (r.epoch < best) {
            EXPECT_GT(r.holdout_loss, best_loss) << "an earlier epoch tied";
        }
        EXPECT_EQ(r.best_epoch, r.epoch < best ? r.best_epoch : best) << "epoch " << r.epoch;
    }
    EXPECT_EQ(tuner.holdout_loss(tuner.best_weights()), best_loss);
    EXPECT_FALSE(tuner.best_weights() == tuner.weights());
}

TEST(TexelTuner, WithoutHoldoutTheLastEpochIsTheBest) {
    const OverfittingRun run;
    TexelTuner tuner(run.train, nullptr, Eigen::VectorXd::Zero(run.truth.size()), settings(0));
    for (int e = 0; e < 3; ++e) tuner.run_epoch();
    EXPECT_EQ(tuner.best_epoch(), 3);
    EXPECT_TRUE(tuner.best_weights() == tuner.weights());
}

TEST(TexelTuner, TheStartIsTheBestWhenNoEpochImprovesOnIt) {
    const OverfittingRun run;
    TunerSettings s = settings(0);
    s.learning_rate = 1e5;  // every step jumps far past anything the hold-out set supports
    TexelTuner tuner(run.train, &run.holdout, run.truth, s);
    for (int e = 0; e < 3; ++e) tuner.run_epoch();
    EXPECT_EQ(tuner.best_epoch(), 0);
    EXPECT_TRUE(tuner.best_weights() == run.truth);
}

TEST(KFit, RecoversTheKOfTheData) {
    for (const double k : {0.5, 1.0, 2.5}) {
        SyntheticSpec sp = spec();
        sp.k = k;
        const Eigen::VectorXd truth = synthetic_true_weights(sp);
        const CoefficientStore store = synthetic_store(sp, truth, 60000, 3);
        const auto fit = fit_k(store, truth, LossKind::MeanSquaredError);
        ASSERT_TRUE(fit) << fit.error().message;
        EXPECT_NEAR(fit->k, k, 0.06 * k);
        EXPECT_NEAR(fit->loss, LossFunction(LossKind::MeanSquaredError, fit->k).loss(store, truth),
                    1e-15);
    }
}

TEST(KFit, FailsWhenTheEvaluationPredictsNothing) {
    const SyntheticSpec sp = spec();
    const Eigen::VectorXd truth = synthetic_true_weights(sp);
    const CoefficientStore store = synthetic_store(sp, truth, 5000, 3);
    // Scores from the wrong side: the loss falls as K goes to zero.
    const auto fit = fit_k(store, -truth, LossKind::MeanSquaredError);
    ASSERT_FALSE(fit);
    EXPECT_NE(fit.error().message.find("bound of the search"), std::string::npos);
}

TEST(RoundWeights, RoundsToNearestLikeTheEngineStoresThem) {
    Eigen::VectorXd w =
        Eigen::VectorXd::Zero(static_cast<Eigen::Index>(engine::ParameterLayout::count()));
    w[0] = 999.5;
    w[1] = -2.5;
    w[2] = 0.49;
    w[40] = -17.51;
    const engine::EvalWeights r = round_weights(w);
    EXPECT_EQ(r[0], 1000);
    EXPECT_EQ(r[1], -3);
    EXPECT_EQ(r[2], 0);
    EXPECT_EQ(r[40], -18);
    EXPECT_TRUE(to_vector(r)[0] == 1000.0);
}

TEST(ParameterSelection, NamesTermsTablesAndGroups) {
    using engine::ParameterLayout;
    const auto s = select_parameters({"man", "tempo.eg", "pattern_band1[7]"});
    ASSERT_TRUE(s);
    EXPECT_TRUE((*s)[ParameterLayout::middle_game_index(engine::EvalTerm::Man)]);
    EXPECT_TRUE((*s)[ParameterLayout::endgame_index(engine::EvalTerm::Man)]);
    EXPECT_FALSE((*s)[ParameterLayout::middle_game_index(engine::EvalTerm::Tempo)]);
    EXPECT_TRUE((*s)[ParameterLayout::endgame_index(engine::EvalTerm::Tempo)]);
    EXPECT_TRUE((*s)[ParameterLayout::table_index(engine::EvalTable::PatternBand1, 7)]);
    EXPECT_EQ(std::count(s->begin(), s->end(), true), 4);
    const auto tables = select_parameters({"tables"});
    EXPECT_EQ(std::count(tables->begin(), tables->end(), true), 24 * 6561);
    const auto bands = select_parameters({"bands"});
    EXPECT_EQ(std::count(bands->begin(), bands->end(), true), 4 * 6561);
    EXPECT_TRUE((*bands)[ParameterLayout::table_index(engine::EvalTable::PatternBand3, 0)]);
    const auto regions = select_parameters({"regions", "pattern_band0[5]"});
    EXPECT_EQ(std::count(regions->begin(), regions->end(), true), 16 * 6561 + 1);
    const auto endgame = select_parameters({"endgame"});
    EXPECT_EQ(std::count(endgame->begin(), endgame->end(), true), 4 * 6561);
    EXPECT_TRUE((*endgame)[ParameterLayout::table_index(engine::endgame_band_table(3), 6560)]);
    EXPECT_FALSE((*endgame)[ParameterLayout::table_index(engine::region_table(15), 6560)]);
    EXPECT_TRUE((*regions)[ParameterLayout::table_index(engine::region_table(15), 6560)]);
    EXPECT_FALSE((*regions)[ParameterLayout::table_index(engine::EvalTable::PatternBand0, 4)]);
    const auto bad = select_parameters({"mann"});
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("'mann'"), std::string::npos);
}

}  // namespace
}  // namespace draughts::tuner
