// The referee records the rule that rules::GameState::verdict() names when two rules end a game
// on the same ply (the order is tested in tests/rules/simultaneous_endings_test.cpp), with either
// colour as the stronger side, and above a user adjudication that fires on that ply too.

#include <gtest/gtest.h>

#include <string>

#include "tests/harness/game/game_test_support.hpp"
#include "tests/rules/simultaneous_sequences.hpp"

namespace draughts::harness {
namespace {

struct RecordedEnd {
    const char* name;
    const testing::SimultaneousGame* game;
    Termination termination;
    bool decisive;
};

void PrintTo(const RecordedEnd& c, std::ostream* os) { *os << c.name; }

class RefereeOnSimultaneousEndings
    : public ::testing::TestWithParam<std::tuple<RecordedEnd, bool /* mirrored */>> {};

TEST_P(RefereeOnSimultaneousEndings, RecordsTheRulesVerdict) {
    const auto& [c, mirrored] = GetParam();
    const testing::SimultaneousGame game = mirrored ? testing::mirror_game(*c.game) : *c.game;
    GameSetup setup;
    // A length limit on the same ply: the rule still ranks first.
    setup.adjudication.max_moves = static_cast<int>(game.plies.size() + 1) / 2;
    const GameRecord record = testing::play_plies(game.fen, game.plies, setup);
    EXPECT_EQ(record.plies.size(), game.plies.size()) << record.end.text;
    EXPECT_EQ(termination_code(record.end.termination), termination_code(c.termination))
        << record.end.text;
    const rules::Color stronger = mirrored ? rules::Color::Black : rules::Color::White;
    EXPECT_EQ(record.end.result, c.decisive ? win_for(stronger) : GameResult::Draw)
        << record.end.text;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, RefereeOnSimultaneousEndings,
    ::testing::Combine(
        ::testing::Values(RecordedEnd{"CaptureOnTheFiveMovePly", &testing::kFiveMoveCapture,
                                      Termination::NoPieces, true},
                          RecordedEnd{"CaptureOnTheSixteenMovePly", &testing::kSixteenMoveCapture,
                                      Termination::NoPieces, true},
                          RecordedEnd{"BlockOnTheSixteenMovePly", &testing::kSixteenMoveBlock,
                                      Termination::Blocked, true},
                          RecordedEnd{"RepetitionOnTheFiveMovePly", &testing::kFiveMoveRepetition,
                                      Termination::ThreefoldRepetition, false},
                          RecordedEnd{"RepetitionOnTheTwentyFiveMovePly",
                                      &testing::kTwentyFiveMoveRepetition,
                                      Termination::ThreefoldRepetition, false}),
        ::testing::Bool()),
    [](const auto& param) {
        return std::string(std::get<0>(param.param).name) +
               (std::get<1>(param.param) ? "_BlackStronger" : "_WhiteStronger");
    });

}  // namespace
}  // namespace draughts::harness
