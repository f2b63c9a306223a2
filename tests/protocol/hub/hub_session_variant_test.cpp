// The Hub session on every variant: the `variant` parameter, positions of the variant's size,
// legal 8x8 moves in the answers, and weight files of the variant in use.

#include <gtest/gtest.h>

#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "engine/weights_file.hpp"
#include "protocol/hub/hub_message.hpp"
#include "protocol/hub/hub_position.hpp"
#include "protocol/hub/hub_session.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "rules/variant.hpp"

namespace draughts::protocol {
namespace {

/// A session whose output lines are collected; searches are waited for.
class VariantSession : public ::testing::Test {
  protected:
    VariantSession() {
        HubSessionOptions options;
        options.hash_mb = 4;
        options.read_weights = [](const std::string& path) -> Expected<std::string> {
            if (path == "brazilian.yaml")
                return engine::format_weights(engine::BasicEvalWeights<rules::Brazilian>{});
            if (path == "international.yaml") return engine::format_weights(engine::EvalWeights{});
            return make_error(path + ": cannot open weight file");
        };
        session_ = std::make_unique<HubSession>(options, [this](const std::string& line) {
            std::lock_guard lock(mutex_);
            lines_.push_back(line);
        });
    }

    /// Sends the lines, waits for any search to end, and returns what the session said.
    std::vector<HubMessage> exchange(const std::vector<std::string>& input) {
        {
            std::lock_guard lock(mutex_);
            lines_.clear();
        }
        for (const auto& line : input) session_->handle_line(line);
        session_->wait_until_idle();
        std::lock_guard lock(mutex_);
        std::vector<HubMessage> out;
        for (const auto& line : lines_) {
            auto parsed = parse_hub_message(line);
            EXPECT_TRUE(parsed) << line;
            if (parsed) out.push_back(*parsed);
        }
        return out;
    }

    static const HubMessage* find(const std::vector<HubMessage>& messages,
                                  std::string_view command) {
        for (const auto& m : messages)
            if (m.command == command) return &m;
        return nullptr;
    }

    std::unique_ptr<HubSession> session_;
    std::mutex mutex_;
    std::vector<std::string> lines_;
};

TEST_F(VariantSession, HubReplyDeclaresTheVariantParameter) {
    const auto out = exchange({"hub"});
    const HubMessage* variant = nullptr;
    for (const auto& m : out)
        if (m.command == "param" && m.value("name") == "variant") variant = &m;
    ASSERT_NE(variant, nullptr);
    // Scan's names where Scan plays the variant, so that a harness driving Scan drives us alike.
    EXPECT_EQ(variant->value("value"), "normal");
    EXPECT_EQ(variant->value("type"), "enum");
    EXPECT_EQ(variant->value("values"),
              "normal brazilian russian killer bt losing english pool frisian frysk");
}

// The 100-square variants by Scan's names and by ours: each plays a legal move of its rules.
TEST_F(VariantSession, ScanNamesAndOursChooseTheTenByTenVariants) {
    const std::vector<std::pair<std::string, rules::Variant>> names = {
        {"killer", rules::Variant::Killer},
        {"bt", rules::Variant::Breakthrough},
        {"breakthrough", rules::Variant::Breakthrough},
        {"losing", rules::Variant::Antidraughts},
        {"antidraughts", rules::Variant::Antidraughts},
        {"english", rules::Variant::English},
        {"pool", rules::Variant::Pool},
        {"normal", rules::Variant::International}};
    for (const auto& [hub_name, variant] : names) {
        // A copy: clang 14 cannot capture a structured binding in the lambda below.
        const std::string name = hub_name;
        EXPECT_EQ(rules::parse_hub_variant(name), variant) << name;
        const auto out = exchange({"set-param name=variant value=" + name, "init", "new-game",
                                   "pos start", "level depth=4", "go think"});
        ASSERT_EQ(find(out, "error"), nullptr) << name;
        const HubMessage* done = find(out, "done");
        ASSERT_NE(done, nullptr) << name;
        rules::dispatch_variant(variant, [&]<typename V>(V) {
            EXPECT_TRUE(rules::parse_move(rules::BasicPosition<V>::initial(), *done->value("move")))
                << name;
        });
    }
}

struct VariantCase {
    const char* variant;
    const char* fen;
};

class VariantMoves : public VariantSession, public ::testing::WithParamInterface<VariantCase> {};

TEST_P(VariantMoves, SmallBoardPositionGetsALegalMove) {
    const VariantCase& c = GetParam();
    const auto out = exchange(
        {"hub", std::string("set-param name=variant value=") + c.variant, "init", "new-game"});
    ASSERT_NE(find(out, "ready"), nullptr);
    EXPECT_EQ(find(out, "error"), nullptr);
    const auto variant = *rules::parse_variant(c.variant);
    rules::dispatch_variant(variant, [&](auto tag) {
        using V = decltype(tag);
        const auto root = *rules::parse_fen<V>(c.fen);
        const std::string text = to_hub_position(root);
        ASSERT_EQ(text.size(), 33u);
        const auto answer = exchange({"pos pos=" + text, "level depth=6", "go think"});
        ASSERT_EQ(find(answer, "error"), nullptr);
        const HubMessage* done = find(answer, "done");
        ASSERT_NE(done, nullptr);
        const auto move = rules::parse_move(root, *done->value("move"));
        EXPECT_TRUE(move) << *done->value("move");
    });
}

INSTANTIATE_TEST_SUITE_P(Variants, VariantMoves,
                         ::testing::Values(VariantCase{"brazilian", "W:W21-32:B1-12"},
                                           VariantCase{"russian", "W:W21-32:B1-12"},
                                           VariantCase{"russian", "W:W10,11,16:B2,3,7"},
                                           VariantCase{"brazilian", "B:W12,19,21,27-29:B1,3-6,8"}));

TEST_F(VariantSession, RussianShotIsPlayedInHubNotation) {
    exchange({"set-param name=variant value=russian", "init"});
    const auto root = *rules::parse_fen<rules::Russian>("W:W10,11,16:B2,3,7");
    const auto out = exchange({"pos pos=" + to_hub_position(root), "level depth=7", "go think"});
    const HubMessage* done = find(out, "done");
    ASSERT_NE(done, nullptr);
    EXPECT_EQ(done->value("move"), "10-6");
}

TEST_F(VariantSession, TenByTenPositionUnderBrazilianIsRefused) {
    exchange({"set-param name=variant value=brazilian", "init"});
    const std::string ten = to_hub_position(rules::Position::initial());
    const auto out = exchange({"pos pos=" + ten, "level depth=2", "go think"});
    const HubMessage* error = find(out, "error");
    ASSERT_NE(error, nullptr);
    const std::string text(*error->value("message"));
    EXPECT_NE(text.find("33"), std::string::npos) << text;
    EXPECT_NE(text.find("brazilian"), std::string::npos) << text;
    // Nothing new was searched: the search ran from the kept (initial 8x8) position.
    const HubMessage* done = find(out, "done");
    ASSERT_NE(done, nullptr);
    EXPECT_TRUE(
        rules::parse_move(rules::BasicPosition<rules::Brazilian>::initial(), *done->value("move")));
}

TEST_F(VariantSession, EightByEightPositionUnderInternationalIsRefused) {
    const std::string eight = to_hub_position(rules::BasicPosition<rules::Russian>::initial());
    const auto out = exchange({"init", "pos pos=" + eight});
    const HubMessage* error = find(out, "error");
    ASSERT_NE(error, nullptr);
    const std::string text(*error->value("message"));
    EXPECT_NE(text.find("51"), std::string::npos) << text;
    EXPECT_NE(text.find("international"), std::string::npos) << text;
}

TEST_F(VariantSession, UnknownVariantIsAnError) {
    const auto out = exchange({"set-param name=variant value=checkers"});
    const HubMessage* error = find(out, "error");
    ASSERT_NE(error, nullptr);
    EXPECT_NE(std::string(*error->value("message")).find("checkers"), std::string::npos);
}

TEST_F(VariantSession, WeightsMustBeOfTheVariantInUse) {
    auto out = exchange({"set-param name=variant value=brazilian",
                         "set-param name=weights value=brazilian.yaml", "init"});
    EXPECT_NE(find(out, "ready"), nullptr);
    EXPECT_EQ(find(out, "error"), nullptr);
    out = exchange({"set-param name=weights value=international.yaml"});
    const HubMessage* error = find(out, "error");
    ASSERT_NE(error, nullptr);
    const std::string text(*error->value("message"));
    EXPECT_NE(text.find("international"), std::string::npos) << text;
    EXPECT_NE(text.find("brazilian"), std::string::npos) << text;
}

TEST_F(VariantSession, EndgameDatabaseIsRefusedOffTenByTen) {
    const auto out = exchange(
        {"set-param name=variant value=russian", "set-param name=egdb value=/nonexistent", "init"});
    ASSERT_EQ(find(out, "ready"), nullptr);
    const HubMessage* error = find(out, "error");
    ASSERT_NE(error, nullptr);
    EXPECT_NE(std::string(*error->value("message")).find("international draughts only"),
              std::string::npos);
}

TEST_F(VariantSession, VariantCanChangeBetweenGames) {
    exchange({"set-param name=variant value=brazilian", "init"});
    auto out = exchange({"pos start", "level depth=3", "go think"});
    ASSERT_NE(find(out, "done"), nullptr);
    out = exchange({"set-param name=variant value=international", "new-game", "pos start",
                    "level depth=3", "go think"});
    ASSERT_EQ(find(out, "error"), nullptr);
    const HubMessage* done = find(out, "done");
    ASSERT_NE(done, nullptr);
    EXPECT_TRUE(rules::parse_move(rules::Position::initial(), *done->value("move")));
}

}  // namespace
}  // namespace draughts::protocol
