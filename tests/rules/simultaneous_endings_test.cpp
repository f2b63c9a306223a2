// When two of the rules that end a game fire on the same ply, GameState::verdict() names one of
// them, by a fixed order: a ply that leaves the opponent without a legal move (no pieces, or
// blocked) wins, even on the ply that completes a draw count; among draws, threefold repetition
// comes before the 25-, 16- and 5-move rules. Every case is played as written (White the stronger
// side) and with the colours reversed.

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "rules/game_state.hpp"
#include "rules/move_notation.hpp"
#include "tests/rules/simultaneous_sequences.hpp"

namespace draughts::rules {
namespace {

using testing::SimultaneousGame;

/// One coincidence: the game, the rule that must be recorded, and a check that the other rule
/// fires on that ply too (so that the case tests what it claims).
struct Coincidence {
    const char* name;
    const SimultaneousGame* game;
    RuleEnding recorded;
    bool decisive;  ///< the recorded rule wins for the side that made the last ply
    /// Given the counters before and after the last ply, true when the other rule applies.
    bool (*other_rule_fires)(const DrawCounters& before, const DrawCounters& after);
};

void PrintTo(const Coincidence& c, std::ostream* os) { *os << c.name; }

/// The last ply is the one on which the five-move count (ten plies) would be complete.
bool completes_five(const DrawCounters& before, const DrawCounters&) {
    return before.rule == EndgameRule::FiveMoves && before.endgame_plies + 1 == kFiveMoveDrawPlies;
}
bool completes_sixteen(const DrawCounters& before, const DrawCounters&) {
    return before.rule == EndgameRule::SixteenMoves &&
           before.endgame_plies + 1 == kSixteenMoveDrawPlies;
}
bool five_move_draw(const DrawCounters&, const DrawCounters& after) {
    const auto verdict = counted_draw_verdict(after);
    return verdict && verdict->rule == RuleEnding::FiveMoveRule;
}
bool sixteen_move_draw(const DrawCounters&, const DrawCounters& after) {
    const auto verdict = counted_draw_verdict(after);
    return verdict && verdict->rule == RuleEnding::SixteenMoveRule;
}
bool twenty_five_move_draw(const DrawCounters&, const DrawCounters& after) {
    const auto verdict = counted_draw_verdict(after);
    return verdict && verdict->rule == RuleEnding::TwentyFiveMoveRule;
}

class SimultaneousEndings
    : public ::testing::TestWithParam<std::tuple<Coincidence, bool /* mirrored */>> {};

TEST_P(SimultaneousEndings, TheRuleFirstInOrderIsRecorded) {
    const auto& [c, mirrored] = GetParam();
    const SimultaneousGame game = mirrored ? testing::mirror_game(*c.game) : *c.game;
    const auto start = parse_fen(game.fen);
    ASSERT_TRUE(start) << game.fen;
    GameState state(*start);
    DrawCounters before;
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        ASSERT_FALSE(state.verdict()) << "the game ended early, at ply " << state.ply();
        const auto move = parse_move(state.position(), game.plies[i]);
        ASSERT_TRUE(move) << game.plies[i] << ": " << move.error().message;
        before = state.counters();
        state.play(*move);
    }
    const std::optional<RulesVerdict> verdict = state.verdict();
    ASSERT_TRUE(verdict);
    EXPECT_TRUE(c.other_rule_fires(before, state.counters())) << "not a coincidence";
    EXPECT_EQ(verdict->rule, c.recorded) << verdict->text;
    if (c.decisive) {
        // The stronger side (White as written) made the last ply and wins.
        const Color stronger = mirrored ? Color::Black : Color::White;
        EXPECT_EQ(state.position().side_to_move(), opposite(stronger));
        EXPECT_EQ(verdict->result, win_for(stronger)) << verdict->text;
    } else {
        EXPECT_EQ(verdict->result, GameResult::Draw) << verdict->text;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, SimultaneousEndings,
    ::testing::Combine(
        ::testing::Values(
            // Taking the lone king on the ply that would complete a count wins.
            Coincidence{"CaptureOnTheFiveMovePly", &testing::kFiveMoveCapture, RuleEnding::NoPieces,
                        true, completes_five},
            Coincidence{"CaptureOnTheSixteenMovePly", &testing::kSixteenMoveCapture,
                        RuleEnding::NoPieces, true, completes_sixteen},
            // Blocking the lone king on the ply that completes the count wins.
            Coincidence{"BlockOnTheSixteenMovePly", &testing::kSixteenMoveBlock,
                        RuleEnding::Blocked, true, sixteen_move_draw},
            // Two draws: the repetition is recorded.
            Coincidence{"RepetitionOnTheFiveMovePly", &testing::kFiveMoveRepetition,
                        RuleEnding::ThreefoldRepetition, false, five_move_draw},
            Coincidence{"RepetitionOnTheTwentyFiveMovePly", &testing::kTwentyFiveMoveRepetition,
                        RuleEnding::ThreefoldRepetition, false, twenty_five_move_draw}),
        ::testing::Bool()),
    [](const auto& param) {
        return std::string(std::get<0>(param.param).name) +
               (std::get<1>(param.param) ? "_BlackStronger" : "_WhiteStronger");
    });

TEST(MirrorGame, TurnsTheBoardAndSwapsTheColours) {
    const SimultaneousGame mirrored = testing::mirror_game({"B:WK30,K47:BK44", {"44-35", "28x19"}});
    EXPECT_EQ(mirrored.fen, "W:WK7:BK4,K21");
    EXPECT_EQ(mirrored.plies, (std::vector<std::string>{"7-16", "23x32"}));
}

}  // namespace
}  // namespace draughts::rules
