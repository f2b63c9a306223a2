// Weight files of every variant: the shipped 8x8 defaults, round trips with the variant key, and
// the error for a file of another variant or layout.

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <type_traits>

#include "engine/weights_file.hpp"
#include "rules/variant.hpp"
#include "tests/support/shared_data.hpp"
#include "tests/support/variant_types.hpp"

namespace draughts::engine {
namespace {

std::filesystem::path variant_config(const std::string& name) {
    return draughts::testing::source_dir() / "configs" / "engines" / name;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(VariantWeightsFile, ShippedDefaultsMatchBuiltInDefaults) {
    const auto brazilian = load_weights<rules::Brazilian>(variant_config("brazilian-default.yaml"));
    ASSERT_TRUE(brazilian) << brazilian.error().message;
    EXPECT_EQ(*brazilian, BasicEvalWeights<rules::Brazilian>{});
    const auto russian = load_weights<rules::Russian>(variant_config("russian-default.yaml"));
    ASSERT_TRUE(russian) << russian.error().message;
    EXPECT_EQ(*russian, BasicEvalWeights<rules::Russian>{});
}

TEST(VariantWeightsFile, ShippedBrazilianMaterialIsMaterialOnly) {
    // The start of the Brazilian closed loop's tuning (configs/tuning/brazilian-tune.yaml).
    const auto material = load_weights<rules::Brazilian>(variant_config("brazilian-material.yaml"));
    ASSERT_TRUE(material) << material.error().message;
    EXPECT_EQ(*material, BasicEvalWeights<rules::Brazilian>::material_only());
}

template <typename V>
class VariantWeightsRoundTrip : public ::testing::Test {};
TYPED_TEST_SUITE(VariantWeightsRoundTrip, draughts::testing::AllVariants,
                 draughts::testing::VariantNames);

TYPED_TEST(VariantWeightsRoundTrip, FormatParsesBackToSameWeights) {
    using V = TypeParam;
    std::mt19937 rng(3);
    BasicEvalWeights<V> w;
    for (int i = 0; i < 500; ++i)
        w.set(rng() % BasicEvalWeights<V>::Layout::count(), static_cast<int>(rng() % 2001) - 1000);
    const std::string text = format_weights(w, "random");
    constexpr bool kInternational = std::is_same_v<V, rules::International>;
    EXPECT_EQ(contains(text, "variant: "), !kInternational);
    const auto back = parse_weights<V>(text, "roundtrip");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(*back, w);
}

struct MismatchCase {
    const char* file;
    rules::Variant engine_variant;
    const char* file_variant;
};

class VariantWeightsMismatch : public ::testing::TestWithParam<MismatchCase> {};

TEST_P(VariantWeightsMismatch, ErrorNamesFileAndBothVariants) {
    const MismatchCase& c = GetParam();
    const std::string message = rules::dispatch_variant(c.engine_variant, [&](auto tag) {
        const auto w = load_weights<decltype(tag)>(variant_config(c.file));
        return w ? std::string() : w.error().message;
    });
    ASSERT_FALSE(message.empty()) << c.file;
    EXPECT_TRUE(contains(message, c.file)) << message;
    EXPECT_TRUE(contains(message, c.file_variant)) << message;
    EXPECT_TRUE(contains(message, std::string(rules::variant_name(c.engine_variant)))) << message;
}

INSTANTIATE_TEST_SUITE_P(
    Files, VariantWeightsMismatch,
    ::testing::Values(MismatchCase{"default.yaml", rules::Variant::Brazilian, "international"},
                      MismatchCase{"brazilian-default.yaml", rules::Variant::Russian, "brazilian"},
                      MismatchCase{"russian-default.yaml", rules::Variant::International,
                                   "russian"}));

TEST(VariantWeightsFile, TenByTenTableOnEightByEightIsUnknown) {
    std::string text = format_weights(BasicEvalWeights<rules::Brazilian>{});
    text += "pattern_band3: {}\n";
    const auto w = parse_weights<rules::Brazilian>(text, "extra.yaml");
    ASSERT_FALSE(w);
    EXPECT_TRUE(contains(w.error().message, "pattern_band3")) << w.error().message;
}

TEST(VariantWeightsFile, UnknownVariantIsAnError) {
    const auto w = parse_weights<rules::Brazilian>("variant: checkers\nman: 1000\n", "bad.yaml");
    ASSERT_FALSE(w);
    EXPECT_TRUE(contains(w.error().message, "bad.yaml:1")) << w.error().message;
    EXPECT_TRUE(contains(w.error().message, "checkers")) << w.error().message;
}

}  // namespace
}  // namespace draughts::engine
