// Tuning configurations: defaults, the example file, the resolved YAML round trip, overrides and
// errors naming file, line and key.

#include "tuner/tune_config.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/weights_file.hpp"
#include "tests/support/shared_data.hpp"
#include "tuner/datagen_config.hpp"

namespace draughts::tuner {
namespace {

namespace fs = std::filesystem;

/// A folder with an empty data file, so that `data: d.txt` validates.
fs::path folder() {
    const fs::path dir = fs::temp_directory_path() / "draughts_tune_config_test";
    fs::create_directories(dir);
    std::ofstream(dir / "d.txt") << "";
    return dir;
}

Expected<TuneConfig> parse(const std::string& yaml, const std::vector<std::string>& sets = {}) {
    std::vector<harness::ConfigAssignment> overrides;
    for (const auto& s : sets) overrides.push_back(*harness::parse_assignment(s, "--set " + s));
    return parse_tune_config(yaml, "t.yaml", folder(), overrides);
}

TEST(TuneConfig, DefaultsFillEveryKeyButData) {
    const auto c = parse("data: d.txt\n");
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(c->data, (folder() / "d.txt").string());
    EXPECT_EQ(c->epochs, 100);
    EXPECT_EQ(c->loss, LossKind::MeanSquaredError);
    EXPECT_FALSE(c->k);
    EXPECT_EQ(c->adam.beta1, 0.9);
    EXPECT_EQ(c->adam.beta2, 0.999);
    EXPECT_EQ(c->adam.epsilon, 1e-8);
    EXPECT_EQ(c->batch_size, 0u);
    EXPECT_TRUE(c->freeze.empty());
    EXPECT_EQ(c->variant, rules::Variant::International);
    EXPECT_EQ(c->score_weight, 0.0);
}

TEST(TuneConfig, VariantIsReadAndWrittenBack) {
    const auto c = parse("variant: brazilian\ndata: d.txt\n");
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(c->variant, rules::Variant::Brazilian);
    const auto back = parse_tune_config(to_yaml(*c), "resolved.yaml", {}, {});
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->variant, rules::Variant::Brazilian);
    EXPECT_EQ(parse("data: d.txt\n", {"variant=russian"})->variant, rules::Variant::Russian);
}

TEST(DatagenConfig, VariantIsReadAndWrittenBack) {
    const auto c = parse_datagen_config("variant: russian\n", "g.yaml", folder(), {});
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(c->variant, rules::Variant::Russian);
    const auto back = parse_datagen_config(to_yaml(*c), "resolved.yaml", {}, {});
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_TRUE(*back == *c);
    EXPECT_EQ(parse_datagen_config("games: 2\n", "g.yaml", folder(), {})->variant,
              rules::Variant::International);
    const auto bad = parse_datagen_config("games: 2\nvariant: checkers\n", "g.yaml", folder(), {});
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("g.yaml:2"), std::string::npos) << bad.error().message;
    EXPECT_NE(bad.error().message.find("unknown variant \"checkers\""), std::string::npos);
}

TEST(TuneConfig, ResolvedYamlReadsBackTheSame) {
    const auto c = parse(
        "data: d.txt\nk: 1.25\nloss: cross_entropy\nepochs: 7\nbatch_size: 4096\n"
        "freeze: [man, pattern_band0]\nadam: {beta1: 0.8}\nl2: 1e-9\nholdout: 0.2\n"
        "early_stop: 12\nscore_weight: 0.375\n");
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(c->early_stop, 12);
    EXPECT_EQ(c->score_weight, 0.375);
    const auto back = parse_tune_config(to_yaml(*c), "resolved.yaml", {}, {});
    ASSERT_TRUE(back) << back.error().message << "\n" << to_yaml(*c);
    EXPECT_TRUE(*back == *c);
    EXPECT_EQ(*back->k, 1.25);
}

TEST(TuneConfig, OverridesTakePrecedence) {
    const auto c = parse("data: d.txt\nepochs: 7\n", {"epochs=9", "adam.beta2=0.99", "k=auto"});
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(c->epochs, 9);
    EXPECT_EQ(c->adam.beta2, 0.99);
}

TEST(TuneConfig, ExampleFileIsValidOnceItsDataExists) {
    const auto c = load_tune_config(
        testing::source_dir() / "configs/tuning/example.yaml",
        {*harness::parse_assignment("data=" + (folder() / "d.txt").string(), "--set data")});
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(c->epochs, 100);
    EXPECT_EQ(c->early_stop, 0);
}

struct BadConfig {
    const char* yaml;
    const char* message;
};

class TuneConfigErrors : public ::testing::TestWithParam<BadConfig> {};

TEST_P(TuneConfigErrors, NameLineAndKey) {
    const auto c = parse(GetParam().yaml);
    ASSERT_FALSE(c);
    EXPECT_NE(c.error().message.find(GetParam().message), std::string::npos) << c.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Files, TuneConfigErrors,
    ::testing::Values(BadConfig{"data: d.txt\nepoch: 3\n", "t.yaml:2"},
                      BadConfig{"data: d.txt\nepoch: 3\n", "did you mean 'epochs'"},
                      BadConfig{"data: missing.txt\n", "no such file"},
                      BadConfig{"epochs: 3\n", "'data'"},
                      BadConfig{"data: d.txt\nk: zero\n", "expected auto or a positive number"},
                      BadConfig{"data: d.txt\nloss: mae\n", "loss"},
                      BadConfig{"data: d.txt\nholdout: 1.5\n", "holdout"},
                      BadConfig{"data: d.txt\nthreads: 0\n", "threads"},
                      BadConfig{"data: d.txt\nadam: {beta3: 1}\n", "adam.beta3"},
                      BadConfig{"data: d.txt\nfreeze: [kingg]\n", "unknown parameter 'kingg'"},
                      BadConfig{"data: d.txt\nearly_stop: -1\n", "early_stop"},
                      BadConfig{"data: d.txt\nscore_weight: 1.5\n", "t.yaml:2"},
                      BadConfig{"data: d.txt\nscore_weight: -0.1\n", "score_weight"},
                      BadConfig{"data: d.txt\nholdout: 0\nearly_stop: 5\n",
                                "t.yaml:3:13: early_stop: needs a hold-out set"},
                      BadConfig{"data: [d.txt\n", "not valid YAML"},
                      BadConfig{"data: d.txt\nvariant: turkish\n", "t.yaml:2"},
                      // 8x8 boards have three pattern bands.
                      BadConfig{"variant: russian\ndata: d.txt\nfreeze: [pattern_band3]\n",
                                "unknown parameter 'pattern_band3'"},
                      BadConfig{"data: d.txt\nvariant: turkish\n",
                                "unknown variant \"turkish\" (known: international, brazilian, "
                                "russian, killer, breakthrough, antidraughts, english, pool, "
                                "frisian, frysk)"}));

}  // namespace
}  // namespace draughts::tuner

namespace draughts::tuner {
namespace {

TEST(ShippedConfigs, ClosedLoopFilesAreValid) {
    const auto data =
        harness::parse_assignment("data=" + (folder() / "d.txt").string(), "--set data");
    const auto tune =
        load_tune_config(testing::source_dir() / "configs/tuning/closed-loop-tune.yaml", {*data});
    ASSERT_TRUE(tune) << tune.error().message;
    EXPECT_EQ(
        tune->start_weights,
        (testing::source_dir() / "configs/engines/material.yaml").lexically_normal().string());
    const auto datagen =
        load_datagen_config(testing::source_dir() / "configs/tuning/closed-loop-datagen.yaml", {});
    ASSERT_TRUE(datagen) << datagen.error().message;
    const auto example =
        load_datagen_config(testing::source_dir() / "configs/tuning/datagen-example.yaml", {});
    ASSERT_TRUE(example) << example.error().message;
    // The example shows every default.
    DatagenConfig defaults;
    defaults.weights = example->weights;
    defaults.openings = example->openings;
    EXPECT_TRUE(*example == defaults);
    const auto tuned = engine::load_weights(testing::source_dir() / "configs/engines/tuned.yaml");
    ASSERT_TRUE(tuned) << tuned.error().message;
    EXPECT_TRUE(tuned->patterns_active());
}

// Every data-generation and tuning file in configs/tuning reads (the data of a tuning file is
// made by its datagen step, so it is replaced here).
TEST(ShippedConfigs, EveryTuningFileIsValid) {
    const auto data =
        harness::parse_assignment("data=" + (folder() / "d.txt").string(), "--set data");
    int files = 0;
    for (const auto& entry :
         std::filesystem::directory_iterator(testing::source_dir() / "configs/tuning")) {
        const std::string name = entry.path().filename().string();
        if (entry.path().extension() != ".yaml") continue;
        ++files;
        if (name.find("datagen") != std::string::npos) {
            const auto datagen = load_datagen_config(entry.path(), {});
            EXPECT_TRUE(datagen) << name << ": " << datagen.error().message;
        } else {
            const auto tune = load_tune_config(entry.path(), {*data});
            EXPECT_TRUE(tune) << name << ": " << tune.error().message;
        }
    }
    EXPECT_GE(files, 8);
}

}  // namespace
}  // namespace draughts::tuner
