// Games of the 64-square variants through the referee: two random players play Brazilian and
// Russian games to rule-based ends; the PDN written for them, read back by the rules' PDN reader
// for the same variant, gives the same games (GameType, moves, result); JSON lines name the
// variant.

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>

#include "common/json.hpp"
#include "common/time_source.hpp"
#include "harness/game/game_runner.hpp"
#include "harness/player/random_player.hpp"
#include "records/pdn_writer.hpp"
#include "rules/fen.hpp"
#include "rules/pdn.hpp"
#include "rules/variant.hpp"

namespace draughts::harness {
namespace {

template <typename V>
BasicGameRecord<V> random_game(std::uint64_t seed, const std::string& fen = "") {
    SteadyTimeSource time;
    BasicRandomPlayer<V> white(seed, "white");
    BasicRandomPlayer<V> black(seed + 1000, "black");
    BasicGameSetup<V> setup;
    if (!fen.empty()) setup.start = *parse_start_position<V>(fen);
    auto record = play_game(setup, white, black, time);
    EXPECT_TRUE(record) << record.error().message;
    return *record;
}

/// Plays `games` random games of V; each ends by a rule, and its PDN reads back the same.
template <typename V>
std::set<Termination> check_games_read_back(int games, const std::string& fen = "") {
    std::set<Termination> seen;
    for (int i = 0; i < games; ++i) {
        const BasicGameRecord<V> record = random_game<V>(static_cast<std::uint64_t>(i) + 1, fen);
        EXPECT_EQ(category_of(record.end.termination), TerminationCategory::Rule)
            << record.end.text;
        seen.insert(record.end.termination);
        const std::string pdn = to_pdn(record);
        EXPECT_NE(pdn.find("[GameType \"" + std::to_string(V::kGameType) + "\"]"),
                  std::string::npos);
        const auto read = rules::read_pdn<V>(pdn, "written");
        EXPECT_TRUE(read.errors.empty()) << read.errors.front().message;
        EXPECT_TRUE(read.warnings.empty()) << read.warnings.front().message;
        if (read.games.size() != 1U) {
            ADD_FAILURE() << "games read: " << read.games.size();
            continue;
        }
        const auto& game = read.games.front();
        EXPECT_TRUE(game.start == record.start);
        EXPECT_EQ(game.result, to_pdn_result(record.end.result));
        EXPECT_EQ(game.moves.size(), record.plies.size());
        for (std::size_t k = 0; k < game.moves.size() && k < record.plies.size(); ++k)
            EXPECT_TRUE(game.moves[k] == record.plies[k].move) << "ply " << k + 1;
        const Json line = to_json(record);
        EXPECT_EQ(line.value("variant", ""), std::string(V::kName));
    }
    return seen;
}

TEST(VariantGame, BrazilianRandomGamesEndByRulesAndReadBack) {
    const auto seen = check_games_read_back<rules::Brazilian>(40);
    EXPECT_GT(seen.size(), 1U);
}

TEST(VariantGame, RussianRandomGamesEndByRulesAndReadBack) {
    const auto seen = check_games_read_back<rules::Russian>(40);
    EXPECT_GT(seen.size(), 1U);
}

TEST(VariantGame, RussianGameFromAFenWritesTheFenTag) {
    check_games_read_back<rules::Russian>(5, "W:WK29,K30,K31:BK4");
    const auto record = random_game<rules::Russian>(3, "W:WK29,K30,K31:BK4");
    EXPECT_NE(to_pdn(record).find("[FEN \"" + rules::to_fen(record.start) + "\"]"),
              std::string::npos);
}

TEST(VariantGame, VariantRuleEndingsHaveTheirOwnTerminations) {
    // The 64-square rules keep the policy's text and get codes of their own; the existing codes
    // are unchanged.
    const rules::RulesVerdict kings{rules::RuleEnding::KingsOnlyRule, GameResult::Draw,
                                    "15-move rule: ... [RUS 3.2]"};
    const GameEnd end = game_end_of(kings);
    EXPECT_EQ(end.termination, Termination::KingsOnlyRule);
    EXPECT_EQ(end.text, kings.text);
    EXPECT_EQ(termination_code(Termination::KingsOnlyRule), "kings_only_rule");
    EXPECT_EQ(termination_of(rules::RuleEnding::CountedEnding), Termination::CountedEnding);
    EXPECT_EQ(termination_code(Termination::CountedEnding), "counted_ending");
    EXPECT_EQ(category_of(Termination::CountedEnding), TerminationCategory::Rule);
    EXPECT_EQ(termination_code(Termination::FiveMoveRule), "5_move_rule");
    EXPECT_EQ(termination_code(Termination::Resignation), "resignation");
    EXPECT_EQ(termination_code(Termination::Aborted), "aborted");
}

TEST(VariantGame, InternationalLinesCarryNoVariant) {
    const auto record = random_game<rules::International>(1);
    EXPECT_FALSE(to_json(record).contains("variant"));
    EXPECT_NE(to_pdn(record).find("[GameType \"20\"]"), std::string::npos);
}

}  // namespace
}  // namespace draughts::harness
