// The network trainer (tuner/network_trainer.hpp): its gradient against finite differences, a
// run that learns a known function of the position (the material balance) and keeps it through
// quantisation into the engine's network, the same weights with one thread or two, and a run
// stopped at a checkpoint and resumed that ends where an uninterrupted run ends.

#include "tuner/network_trainer.hpp"

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "common/file_io.hpp"
#include "engine/network.hpp"
#include "rules/fen.hpp"
#include "tests/support/material_samples.hpp"
#include "tuner/loss.hpp"

namespace draughts::tuner {
namespace {

using rules::Color;

Dataset material_dataset(int games, std::uint32_t seed) {
    return test::material_scored_dataset(games, seed);
}

constexpr NetworkLabels kScoreLabels{1.0, 1.0};

NetworkTrainerSettings small_batches(std::uint64_t seed = 7) {
    NetworkTrainerSettings s;
    s.batch_size = 512;
    s.learning_rate = 3e-3;
    s.seed = seed;
    return s;
}

TEST(NetworkTrainer, TrainingSetKeepsQuietPositionsSeenFromBothSides) {
    Dataset data = material_dataset(2, 1);
    const auto capture = rules::parse_fen("W:W28:B23");
    ASSERT_TRUE(capture);
    data.samples.push_back(Sample{*capture, Outcome::WhiteWin, std::nullopt, std::nullopt});
    data.samples.push_back(Sample{rules::Position::initial().with_side_to_move(Color::Black),
                                  Outcome::WhiteWin, std::nullopt, std::nullopt});
    NetworkSetCounts counts;
    const NetworkTrainingSet set =
        network_training_set(data, 0, data.samples.size(), NetworkLabels{1.0, 0.5}, &counts);
    EXPECT_EQ(counts.not_quiet, 1U);
    EXPECT_EQ(counts.kept, data.samples.size() - 1);
    ASSERT_EQ(set.size(), counts.kept);
    EXPECT_EQ(set.inputs, 200);
    // The last sample: Black to move in a game White won, without a score: label 0 for Black,
    // 20 men for each perspective.
    const std::size_t last = set.size() - 1;
    EXPECT_EQ(set.labels[last], 0.0F);
    EXPECT_EQ(set.offsets[2 * last + 1] - set.offsets[2 * last], 40U);
    EXPECT_EQ(set.offsets[2 * last + 2] - set.offsets[2 * last + 1], 40U);
    // A drawn game with a score: half the result's 0.5, half the score's sigmoid.
    const double expected = 0.5 * 0.5 + 0.5 * sigmoid(*data.samples[0].score, 1.0);
    const double side =
        data.samples[0].position.side_to_move() == Color::White ? expected : 1.0 - expected;
    EXPECT_NEAR(set.labels[0], side, 1e-6);
}

TEST(NetworkTrainer, GradientEqualsFiniteDifferences) {
    const Dataset data = material_dataset(2, 2);
    const NetworkTrainingSet set = network_training_set(data, 0, 60, kScoreLabels);
    ASSERT_EQ(set.size(), 60U);
    NetworkTrainer trainer(set, nullptr, small_batches());
    Eigen::VectorXd w = trainer.state().weights;
    Eigen::VectorXd gradient;
    network_loss(w, set, 0, set.size(), 1.0, &gradient);
    ASSERT_EQ(gradient.size(), w.size());
    // Parameters from every block: first-layer weights of inputs that occur, its biases, the
    // hidden weights and biases, the output weights and bias.
    std::vector<Eigen::Index> checked;
    const Eigen::Index n = w.size();
    for (const std::uint16_t input : {set.active[0], set.active[5], set.active[30]})
        for (const Eigen::Index j : {0, 17, 99}) checked.push_back(Eigen::Index{input} * 128 + j);
    for (Eigen::Index k = 200 * 128; k < n; k += 97) checked.push_back(k);
    checked.push_back(n - 1);
    int nonzero = 0;
    for (const Eigen::Index k : checked) {
        const double h = 1e-6;
        Eigen::VectorXd up = w, down = w;
        up[k] += h;
        down[k] -= h;
        const double numeric = (network_loss(up, set, 0, set.size(), 1.0) -
                                network_loss(down, set, 0, set.size(), 1.0)) /
                               (2 * h);
        EXPECT_NEAR(gradient[k], numeric, 1e-7 + 1e-4 * std::abs(numeric)) << "parameter " << k;
        nonzero += gradient[k] != 0.0;
    }
    EXPECT_GT(nonzero, static_cast<int>(checked.size()) / 2);
}

TEST(NetworkTrainer, LearnsTheMaterialBalanceAndKeepsItThroughQuantisation) {
    const Dataset data = material_dataset(100, 3);
    const std::size_t cut = data.samples.size() * 9 / 10;
    const NetworkTrainingSet train = network_training_set(data, 0, cut, kScoreLabels);
    const NetworkTrainingSet holdout =
        network_training_set(data, cut, data.samples.size(), kScoreLabels);
    ASSERT_GT(train.size(), 5000U);
    NetworkTrainer trainer(train, &holdout, small_batches());
    const double start = trainer.holdout_loss(trainer.state().weights);
    NetworkEpochReport last;
    for (int epoch = 0; epoch < 8; ++epoch) last = trainer.run_epoch();
    EXPECT_LT(last.holdout_loss, start / 10) << "start " << start << ", end " << last.holdout_loss;
    EXPECT_GT(last.positions_per_second, 0.0);
    EXPECT_EQ(trainer.state().history.size(), 8U);

    const QuantisedNetwork q =
        quantise_network(trainer.state().best_weights, rules::Variant::International);
    EXPECT_EQ(q.saturated, 0U);
    const QuantisationError error =
        quantisation_error(trainer.state().best_weights, q.network, holdout);
    EXPECT_LT(error.mean, 3.0);  // engine units: 0.3 % of a man (1.2 measured)
    EXPECT_LT(error.max, 20.0);  // (5.7 measured)
    // The engine's evaluation of a position a man up, either side to move.
    const auto up = rules::parse_fen("W:W28,31-35:B1-5");
    ASSERT_TRUE(up);
    EXPECT_GT(engine::evaluate_network(*up, q.network), 500);
    EXPECT_LT(engine::evaluate_network(up->with_side_to_move(Color::Black), q.network), -500);
}

TEST(NetworkTrainer, OneThreadOrTwoGiveTheSameWeights) {
    const Dataset data = material_dataset(10, 4);
    const NetworkTrainingSet set = network_training_set(data, 0, data.samples.size(), kScoreLabels);
    const auto weights_with = [&](std::size_t threads) {
        const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
        NetworkTrainer trainer(set, nullptr, small_batches());
        trainer.run_epoch();
        return trainer.state().weights;
    };
    const Eigen::VectorXd one = weights_with(1);
    EXPECT_TRUE(one == weights_with(2));
}

TEST(NetworkTrainer, AResumedRunEndsWhereAnUninterruptedRunEnds) {
    const Dataset data = material_dataset(10, 5);
    const std::size_t cut = data.samples.size() * 4 / 5;
    const NetworkTrainingSet train = network_training_set(data, 0, cut, kScoreLabels);
    const NetworkTrainingSet holdout =
        network_training_set(data, cut, data.samples.size(), kScoreLabels);
    NetworkTrainer whole(train, &holdout, small_batches());
    whole.run_epoch();
    whole.run_epoch();

    const auto dir = std::filesystem::temp_directory_path() / "draughts_network_trainer_test";
    std::filesystem::create_directories(dir);
    const auto checkpoint = dir / "run.ckpt";
    {
        NetworkTrainer first(train, &holdout, small_batches());
        first.run_epoch();
        ASSERT_TRUE(save_network_checkpoint(first, checkpoint));
    }
    NetworkTrainer resumed(train, &holdout, small_batches());
    auto state = load_network_checkpoint(checkpoint, resumed);
    ASSERT_TRUE(state) << state.error().message;
    resumed.restore(std::move(*state));
    resumed.run_epoch();
    EXPECT_TRUE(resumed.state().weights == whole.state().weights);
    EXPECT_EQ(resumed.state().best_epoch, whole.state().best_epoch);
    ASSERT_EQ(resumed.state().history.size(), 2U);
    EXPECT_EQ(resumed.state().history[0].holdout_loss, whole.state().history[0].holdout_loss);

    // Another run's checkpoint, and a damaged one, are refused with the file's name.
    NetworkTrainer other(train, &holdout, small_batches(8));
    const auto refused = load_network_checkpoint(checkpoint, other);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("run.ckpt: the checkpoint belongs to another run"),
              std::string::npos)
        << refused.error().message;
    auto bytes = read_whole_file(checkpoint);
    ASSERT_TRUE(bytes);
    bytes->resize(bytes->size() - 100);
    ASSERT_TRUE(write_file_atomically(checkpoint, *bytes));
    const auto damaged = load_network_checkpoint(checkpoint, resumed);
    ASSERT_FALSE(damaged);
    EXPECT_NE(damaged.error().message.find("checksum mismatch"), std::string::npos)
        << damaged.error().message;
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace draughts::tuner
