// Games a player ends on its own turn instead of moving (DXP's E): a resignation loses by
// resignation; a draw claim is a draw when one of the claimant's moves would end the game in a
// rule draw, and otherwise a forfeit; each with its own termination code and category.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/fen.hpp"
#include "tests/harness/game/game_test_support.hpp"
#include "tests/rules/rule_sequences.hpp"

namespace draughts::harness {
namespace {

using testing::ScriptedPlayer;
using testing::ScriptStep;

/// Plays the moves of `plies` from `fen`, then the side to move replies `claim`.
GameRecord claim_after(const std::string& fen, const std::vector<std::string>& plies,
                       GameClaim claim) {
    FakeTimeSource time;
    const auto start = parse_start_position(fen);
    EXPECT_TRUE(start);
    GameSetup setup;
    setup.start = *start;
    std::vector<ScriptStep> steps[2];
    const std::size_t first = start->side_to_move() == rules::Color::White ? 0 : 1;
    for (std::size_t i = 0; i < plies.size(); ++i)
        steps[(first + i) % 2].push_back(testing::say(plies[i]));
    steps[(first + plies.size()) % 2].push_back({ThinkReply::claiming(claim), 0.5});
    ScriptedPlayer white(time, steps[0], "W");
    ScriptedPlayer black(time, steps[1], "B");
    auto record = play_game(setup, white, black, time);
    EXPECT_TRUE(record);
    EXPECT_EQ(white.ends().size(), 1u);
    EXPECT_EQ(black.ends().size(), 1u);
    return record ? *record : GameRecord{};
}

TEST(GameClaims, AResignationLosesByResignation) {
    const GameRecord record = claim_after(std::string(rules::kInitialFen),
                                          {"32-28", "19-23", "28x19"}, GameClaim::Resign);
    EXPECT_EQ(record.end.termination, Termination::Resignation);
    EXPECT_EQ(termination_code(record.end.termination), "resignation");
    EXPECT_EQ(category_of(record.end.termination), TerminationCategory::Rule);
    EXPECT_EQ(record.end.result, GameResult::WhiteWin);
    EXPECT_EQ(record.end.text, "Black resigned [FMJD 7.2.1]");
    EXPECT_EQ(record.plies.size(), 3u);
    EXPECT_DOUBLE_EQ(record.stats[1].time_used, 0.51) << "the time to resign is charged";
}

TEST(GameClaims, ADrawClaimThatARuleAllowsIsADraw) {
    // Black's 7-1 would bring the start position back for the third time.
    const GameRecord record =
        claim_after(testing::kKingsFen, {"50-44", "1-7", "44-50", "7-1", "50-44", "1-7", "44-50"},
                    GameClaim::Draw);
    EXPECT_EQ(record.end.termination, Termination::DrawClaim);
    EXPECT_EQ(termination_code(record.end.termination), "draw_claim");
    EXPECT_EQ(category_of(record.end.termination), TerminationCategory::Rule);
    EXPECT_EQ(record.end.result, GameResult::Draw);
    EXPECT_EQ(record.end.text,
              "Black claimed a draw, which 7-1 would give: threefold repetition: the same position "
              "with White to move occurred after plies 0, 4, 8 [FMJD 6.1]");
    EXPECT_EQ(record.plies.size(), 7u);
}

TEST(GameClaims, ADrawClaimOnTheLastPlyOfACountIsADraw) {
    // Forty-nine king plies: any king move of Black's completes the 25-move rule.
    std::vector<std::string> plies = testing::kKingsPlies50;
    plies.pop_back();
    const GameRecord record = claim_after(testing::kKingsFen, plies, GameClaim::Draw);
    EXPECT_EQ(record.end.termination, Termination::DrawClaim);
    EXPECT_NE(record.end.text.find("25-move rule"), std::string::npos) << record.end.text;
}

TEST(GameClaims, ADrawClaimThatNoRuleAllowsIsAForfeit) {
    const GameRecord record =
        claim_after(std::string(rules::kInitialFen), {"32-28"}, GameClaim::Draw);
    EXPECT_EQ(record.end.termination, Termination::InvalidDrawClaim);
    EXPECT_EQ(termination_code(record.end.termination), "invalid_draw_claim");
    EXPECT_EQ(category_of(record.end.termination), TerminationCategory::Forfeit);
    EXPECT_EQ(record.end.result, GameResult::WhiteWin);
    EXPECT_EQ(record.end.text,
              "Black claimed a draw, but none of its moves ends the game in a rule draw");
}

TEST(GameClaims, TerminationCodesReadBack) {
    for (const Termination t :
         {Termination::Resignation, Termination::DrawClaim, Termination::InvalidDrawClaim})
        EXPECT_EQ(termination_from_code(termination_code(t)), t);
}

}  // namespace
}  // namespace draughts::harness
