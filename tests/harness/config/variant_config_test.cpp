// The `variant:` key of match configurations: default international, every variant read and
// written back, unknown names refused with the line and the known names, and what only
// international draughts has (DXP engines, endgame databases) refused for the 64-square variants
// with a clear message; built-in engines play every variant with its own weights.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "harness/config/match_config.hpp"
#include "harness/tournament/player_factory.hpp"
#include "rules/variant.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

Expected<MatchConfig> parse_variant_match(const std::string& yaml) {
    return parse_match_config(yaml, "match.yaml", std::filesystem::temp_directory_path(), {});
}

constexpr const char* kHubEngines = R"(engines:
  - {name: a, kind: hub, command: /bin/true}
  - {name: b, kind: hub, command: /bin/true}
)";

TEST(VariantConfig, DefaultIsInternational) {
    const auto config = parse_variant_match(kHubEngines);
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_EQ(config->variant, rules::Variant::International);
    EXPECT_NE(to_yaml(*config).find("variant: international"), std::string::npos);
}

TEST(VariantConfig, EveryVariantReadsAndWritesBack) {
    for (const rules::Variant variant : rules::kAllVariants) {
        const std::string name(rules::variant_name(variant));
        const auto config = parse_variant_match("variant: " + name + "\n" + kHubEngines);
        ASSERT_TRUE(config) << config.error().message;
        EXPECT_EQ(config->variant, variant);
        const auto again = parse_match_config(to_yaml(*config), "config.yaml", "/", {});
        ASSERT_TRUE(again) << again.error().message;
        EXPECT_EQ(*again, *config) << name;
    }
}

TEST(VariantConfig, SixtyFourSquareVariantsStartWithoutTheInternationalBook) {
    const auto config = parse_variant_match(std::string("variant: russian\n") + kHubEngines);
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_TRUE(config->openings.file.empty());
}

TEST(VariantConfig, UnknownVariantNamesTheLineAndSuggests) {
    const auto config = parse_variant_match(std::string("variant: checkers\n") + kHubEngines);
    ASSERT_FALSE(config);
    const std::string& message = config.error().message;
    EXPECT_NE(message.find("match.yaml:1:"), std::string::npos) << message;
    EXPECT_NE(message.find("unknown variant 'checkers'"), std::string::npos) << message;
    EXPECT_NE(message.find("did you mean '"), std::string::npos) << message;
    for (const rules::Variant variant : rules::kAllVariants)
        EXPECT_NE(message.find(rules::variant_name(variant)), std::string::npos) << message;
}

TEST(VariantConfig, DxpEngineInAnEightByEightMatchIsRefused) {
    const auto config = parse_variant_match(R"(variant: brazilian
engines:
  - {name: kingsrow, kind: dxp, command: /bin/true}
  - {name: b, kind: hub, command: /bin/true}
)");
    ASSERT_FALSE(config);
    EXPECT_NE(config.error().message.find(
                  "engine 'kingsrow': DXP carries international draughts only, so a dxp "
                  "engine cannot play brazilian"),
              std::string::npos)
        << config.error().message;
}

TEST(VariantConfig, EndgameDatabaseInAnEightByEightMatchIsRefused) {
    const auto config = parse_variant_match(
        std::string("variant: russian\nadjudication: {egdb: {path: /tmp}}\n") + kHubEngines);
    ASSERT_FALSE(config);
    EXPECT_NE(config.error().message.find("endgame databases are international only"),
              std::string::npos)
        << config.error().message;
}

TEST(VariantConfig, BuiltinEnginesWithoutWeightsPlayEveryVariant) {
    for (const rules::Variant variant : rules::kAllVariants) {
        const std::string name(rules::variant_name(variant));
        const auto config =
            parse_variant_match("variant: " + name + "\nengines: [{name: a}, {name: b}]\n");
        ASSERT_TRUE(config) << config.error().message;
        rules::dispatch_variant(variant, [&]<typename V>(V) {
            const auto factory = BasicPlayerFactory<V>::create(*config, nullptr, nullptr);
            ASSERT_TRUE(factory) << name << ": " << factory.error().message;
            EXPECT_EQ(factory->make(1, 1)->name(), "b");
        });
    }
}

/// The error of a built-in engine given the shipped weights `file` in a match of `variant`.
std::string weights_error(const std::string& variant, const std::string& file) {
    const std::string path = (testing::source_dir() / "configs" / "engines" / file).string();
    const auto config = parse_variant_match(
        "variant: " + variant + "\nengines: [{name: a, weights: " + path + "}, {name: b}]\n");
    EXPECT_TRUE(config) << config.error().message;
    if (!config) return {};
    return rules::dispatch_variant(config->variant, [&]<typename V>(V) -> std::string {
        const auto factory = BasicPlayerFactory<V>::create(*config, nullptr, nullptr);
        return factory ? std::string() : factory.error().message;
    });
}

TEST(VariantConfig, BuiltinWeightsOfAnotherVariantAreRefusedNamingEngineAndFile) {
    const std::string international = weights_error("brazilian", "default.yaml");
    EXPECT_NE(international.find("engine 'a'"), std::string::npos) << international;
    EXPECT_NE(international.find("default.yaml"), std::string::npos) << international;
    EXPECT_NE(international.find("brazilian"), std::string::npos) << international;
    const std::string brazilian = weights_error("russian", "brazilian-default.yaml");
    EXPECT_NE(brazilian.find("engine 'a'"), std::string::npos) << brazilian;
    EXPECT_NE(brazilian.find("brazilian-default.yaml"), std::string::npos) << brazilian;
    EXPECT_TRUE(weights_error("russian", "russian-default.yaml").empty());
    EXPECT_TRUE(weights_error("brazilian", "brazilian-default.yaml").empty());
}

TEST(VariantConfig, DxpEnginesCannotBeMadeForEightByEight) {
    DxpEngine dxp;
    PlayerContext context;
    context.name = "d";
    const auto maker = dxp.prepare<rules::Russian>(context);
    ASSERT_FALSE(maker);
    EXPECT_NE(maker.error().message.find("engine 'd'"), std::string::npos);
}

}  // namespace
}  // namespace draughts::harness
