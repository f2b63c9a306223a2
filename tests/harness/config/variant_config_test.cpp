// The `variant:` key of match configurations: default international, every variant read and
// written back, unknown names refused with the line and the known names, and what only
// international draughts has (DXP engines, endgame databases, the built-in engine for now)
// refused for the 64-square variants with a clear message.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "harness/config/match_config.hpp"
#include "harness/tournament/player_factory.hpp"

namespace draughts::harness {
namespace {

Expected<MatchConfig> parse(const std::string& yaml) {
    return parse_match_config(yaml, "match.yaml", std::filesystem::temp_directory_path(), {});
}

constexpr const char* kHubEngines = R"(engines:
  - {name: a, kind: hub, command: /bin/true}
  - {name: b, kind: hub, command: /bin/true}
)";

TEST(VariantConfig, DefaultIsInternational) {
    const auto config = parse(kHubEngines);
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_EQ(config->variant, rules::Variant::International);
    EXPECT_NE(to_yaml(*config).find("variant: international"), std::string::npos);
}

TEST(VariantConfig, EveryVariantReadsAndWritesBack) {
    for (const rules::Variant variant : rules::kAllVariants) {
        const std::string name(rules::variant_name(variant));
        const auto config = parse("variant: " + name + "\n" + kHubEngines);
        ASSERT_TRUE(config) << config.error().message;
        EXPECT_EQ(config->variant, variant);
        const auto again = parse_match_config(to_yaml(*config), "config.yaml", "/", {});
        ASSERT_TRUE(again) << again.error().message;
        EXPECT_EQ(*again, *config) << name;
    }
}

TEST(VariantConfig, SixtyFourSquareVariantsStartWithoutTheInternationalBook) {
    const auto config = parse(std::string("variant: russian\n") + kHubEngines);
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_TRUE(config->openings.file.empty());
}

TEST(VariantConfig, UnknownVariantNamesTheLineAndSuggests) {
    const auto config = parse(std::string("variant: checkers\n") + kHubEngines);
    ASSERT_FALSE(config);
    const std::string& message = config.error().message;
    EXPECT_NE(message.find("match.yaml:1:"), std::string::npos) << message;
    EXPECT_NE(message.find("unknown variant 'checkers'"), std::string::npos) << message;
    EXPECT_NE(message.find("did you mean '"), std::string::npos) << message;
    for (const rules::Variant variant : rules::kAllVariants)
        EXPECT_NE(message.find(rules::variant_name(variant)), std::string::npos) << message;
}

TEST(VariantConfig, DxpEngineInAnEightByEightMatchIsRefused) {
    const auto config = parse(R"(variant: brazilian
engines:
  - {name: kingsrow, kind: dxp, command: /bin/true}
  - {name: b, kind: hub, command: /bin/true}
)");
    ASSERT_FALSE(config);
    EXPECT_NE(config.error().message.find(
                  "engine 'kingsrow': DXP carries only 10x10 positions, so a dxp engine "
                  "cannot play brazilian"),
              std::string::npos)
        << config.error().message;
}

TEST(VariantConfig, EndgameDatabaseInAnEightByEightMatchIsRefused) {
    const auto config =
        parse(std::string("variant: russian\nadjudication: {egdb: {path: /tmp}}\n") + kHubEngines);
    ASSERT_FALSE(config);
    EXPECT_NE(config.error().message.find("endgame databases are international only"),
              std::string::npos)
        << config.error().message;
}

TEST(VariantConfig, BuiltinEngineInAnEightByEightMatchIsNotYetPlayable) {
    const auto config = parse("variant: russian\nengines: [{name: a}, {name: b}]\n");
    ASSERT_TRUE(config) << config.error().message;
    const auto factory = PlayerFactory::create(*config, nullptr, nullptr);
    ASSERT_FALSE(factory);
    EXPECT_NE(factory.error().message.find("engine 'a' (kind: builtin): matches of russian are "
                                           "not supported yet"),
              std::string::npos)
        << factory.error().message;
}

}  // namespace
}  // namespace draughts::harness
