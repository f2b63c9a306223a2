// A tiny tuning run of Brazilian draughts: an 8x8 data set gives 8x8 weights, written with their
// variant, that a Brazilian engine plays with and an international run cannot read.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <random>

#include "common/file_io.hpp"
#include "common/portable_random.hpp"
#include "engine/engine.hpp"
#include "engine/weights_file.hpp"
#include "rules/movegen.hpp"
#include "tests/support/command_runner.hpp"
#include "tuner/dataset.hpp"
#include "tuner/tune_run.hpp"

namespace draughts::tuner {
namespace {

namespace fs = std::filesystem;
using rules::Brazilian;

/// Positions of random Brazilian games labelled by material, so that the tune has a signal.
BasicDataset<Brazilian> material_labelled(int games) {
    std::mt19937 rng(21);
    PortableRandom random(4);
    BasicDataset<Brazilian> d;
    for (int g = 0; g < games; ++g) {
        auto p = rules::BasicPosition<Brazilian>::initial();
        for (int ply = 0; ply < 60; ++ply) {
            const int balance = std::popcount(p.white()) - std::popcount(p.black()) +
                                2 * (std::popcount(p.kings(rules::Color::White)) -
                                     std::popcount(p.kings(rules::Color::Black)));
            const double s = sigmoid(1000.0 * balance, 1.0);
            const double u = random.uniform();
            const Outcome result = u < 0.7 * s         ? Outcome::WhiteWin
                                   : u < 1.3 * s - 0.3 ? Outcome::Draw
                                                       : Outcome::BlackWin;
            d.samples.push_back({p, result, ply, std::nullopt});
            rules::BasicMoveList<Brazilian> moves;
            rules::generate_moves(p, moves);
            if (moves.empty()) break;
            p = p.after(moves[rng() % moves.size()]);
        }
    }
    return d;
}

class BrazilianTune : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_TRUE(save_dataset(material_labelled(30), dir_ / "data.txt", DatasetFormat::Text));
        config_.variant = rules::Variant::Brazilian;
        config_.data = (dir_ / "data.txt").string();
        config_.output = (dir_ / "run").string();
        config_.threads = 1;
        config_.epochs = 3;
        config_.learning_rate = 5.0;
        config_.holdout = 0.2;
        config_.freeze = {"man"};
    }
    testing::TempFolder folder_{"draughts_brazilian_tune"};  // one per test: they run in parallel
    const fs::path dir_ = folder_.path();
    TuneConfig config_;
};

TEST_F(BrazilianTune, WritesEightByEightWeightsThatABrazilianEngineLoads) {
    const auto summary = run_tuning(config_, {}, {});
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_EQ(summary->epochs, 3);
    EXPECT_LT(summary->train_loss, summary->start_train_loss);

    const fs::path weights_file = dir_ / "run" / "weights.yaml";
    const auto text = read_whole_file(weights_file);
    ASSERT_TRUE(text);
    EXPECT_NE(text->find("variant: brazilian"), std::string::npos);
    const auto weights = engine::load_weights<Brazilian>(weights_file);
    ASSERT_TRUE(weights) << weights.error().message;
    EXPECT_EQ(weights->values().size(), engine::BasicParameterLayout<rules::Board<8>>::count());
    EXPECT_EQ(weights->middle_game(engine::EvalTerm::Man), 1000);  // frozen

    const auto international = engine::load_weights(weights_file);
    ASSERT_FALSE(international);
    EXPECT_NE(international.error().message.find("brazilian"), std::string::npos)
        << international.error().message;

    engine::BasicEngineOptions<Brazilian> options;
    options.hash_mb = 1;
    options.weights = *weights;
    engine::BasicEngine<Brazilian> engine(options);
    engine::SearchLimits limits;
    limits.depth = 3;
    const auto root = rules::BasicPosition<Brazilian>::initial();
    const auto result = engine.search(root, {}, limits);
    rules::BasicMoveList<Brazilian> legal;
    rules::generate_moves(root, legal);
    EXPECT_NE(std::find(legal.begin(), legal.end(), result.best_move), legal.end());
}

TEST_F(BrazilianTune, AnInternationalRunRefusesTheBrazilianDataSet) {
    config_.variant = rules::Variant::International;
    const auto summary = run_tuning(config_, {}, {});
    ASSERT_FALSE(summary);
    EXPECT_NE(summary.error().message.find(
                  "data.txt: a data set of brazilian draughts, but this run is of international"),
              std::string::npos)
        << summary.error().message;
}

TEST_F(BrazilianTune, AScoreWeightNeedsAScoreOnEverySample) {
    config_.score_weight = 0.5;
    const auto refused = run_tuning(config_, {}, {});
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find(
                  "data.txt: sample 0 (W:W21-32:B1-12) has no search score; score_weight 0.5 "
                  "needs one on every sample"),
              std::string::npos)
        << refused.error().message;

    // Scored by material, the same samples tune, through the cache too, and the weights say so.
    auto scored = material_labelled(30);
    for (auto& sample : scored.samples) {
        const auto& p = sample.position;
        sample.score = 1000 * (std::popcount(p.white()) - std::popcount(p.black()));
    }
    ASSERT_TRUE(save_dataset(scored, dir_ / "data.txt", DatasetFormat::Text));
    config_.cache = (dir_ / "cache.bin").string();
    const auto summary = run_tuning(config_, {}, {});
    ASSERT_TRUE(summary) << summary.error().message;
    const auto text = read_whole_file(dir_ / "run" / "weights.yaml");
    ASSERT_TRUE(text);
    EXPECT_NE(text->find(", mse, score weight 0.5)."), std::string::npos) << *text;
    config_.data = config_.cache;
    config_.output = (dir_ / "from-cache").string();
    const auto cached = run_tuning(config_, {}, {});
    ASSERT_TRUE(cached) << cached.error().message;
    EXPECT_EQ(cached->start_train_loss, summary->start_train_loss);
    EXPECT_EQ(cached->train_loss, summary->train_loss);
}

TEST_F(BrazilianTune, ResumesFromItsOwnCheckpoint) {
    config_.epochs = 2;
    ASSERT_TRUE(run_tuning(config_, {}, {}));
    config_.epochs = 3;
    TuneRunOptions resume;
    resume.resume = true;
    const auto resumed = run_tuning(config_, resume, {});
    ASSERT_TRUE(resumed) << resumed.error().message;
    EXPECT_EQ(resumed->epochs, 3);
}

}  // namespace
}  // namespace draughts::tuner
