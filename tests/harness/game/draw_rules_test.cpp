// The referee ends a scripted game at exactly the ply where an FMJD draw rule applies (the script
// ends there too: one ply early would show a shorter record, one ply late a "script exhausted"
// crash), with the rule's termination, and ranks the rules above the adjudications. The rules
// themselves are tested in tests/rules/game_state_test.cpp.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/harness/game/game_test_support.hpp"
#include "tests/rules/rule_sequences.hpp"

namespace draughts::harness {
namespace {

using namespace draughts::testing;  // NOLINT: test data names

void expect_end(const GameRecord& record, Termination termination, std::size_t plies) {
    EXPECT_EQ(termination_code(record.end.termination), termination_code(termination))
        << record.end.text;
    EXPECT_EQ(record.plies.size(), plies) << record.end.text;
    EXPECT_EQ(record.end.result, GameResult::Draw);
}

TEST(ThreefoldRepetition, DrawsOnThirdOccurrenceOfStartPosition) {
    const GameRecord record =
        play_plies(kKingsFen, {"50-44", "1-7", "44-50", "7-1", "50-44", "1-7", "44-50", "7-1"});
    expect_end(record, Termination::ThreefoldRepetition, 8);
    EXPECT_NE(record.end.text.find("plies 0, 4, 8"), std::string::npos) << record.end.text;
    EXPECT_EQ(category_of(record.end.termination), TerminationCategory::Rule);
}

TEST(ThreefoldRepetition, CountsPositionsThatAreNotConsecutive) {
    // The position after ply 1 recurs after plies 5 and 9, with other positions in between.
    const GameRecord record = play_plies(
        kKingsFen, {"50-44", "1-7", "44-39", "7-1", "39-44", "1-7", "44-50", "7-1", "50-44"});
    expect_end(record, Termination::ThreefoldRepetition, 9);
    EXPECT_NE(record.end.text.find("plies 1, 5, 9"), std::string::npos) << record.end.text;
}

TEST(ThreefoldRepetition, SamePiecesWithOtherSideToMoveDoNotCount) {
    // White's king goes round a triangle (3 moves) while Black's shuffles (2 moves), so the start
    // placement returns after ply 5 with Black to move and after ply 12 with White to move: three
    // times on the board, but only twice as the same position. The game runs on to the 6-move
    // limit (an adjudication, which ranks below every rule draw).
    GameSetup setup;
    setup.adjudication.max_moves = 6;
    const GameRecord record = play_plies(kKingsFen,
                                         {"50-44", "1-7", "44-39", "7-1", "39-50", "1-7", "50-44",
                                          "7-1", "44-39", "1-7", "39-50", "7-1"},
                                         setup);
    expect_end(record, Termination::MaxLength, 12);
    EXPECT_EQ(record.final_position(), record.start);
}

TEST(TwentyFiveMoveRule, DrawsAfterFiftyKingPlies) {
    expect_end(play_plies(kKingsFen, kKingsPlies50), Termination::TwentyFiveMoveRule, 50);
}

TEST(TwentyFiveMoveRule, BeatsAnAdjudicationAtTheSamePly) {
    // A 25-move length limit ends the game at ply 50 too; the rule is reported.
    GameSetup setup;
    setup.adjudication.max_moves = 25;
    const GameRecord record = play_plies(kKingsFen, kKingsPlies50, setup);
    expect_end(record, Termination::TwentyFiveMoveRule, 50);
    EXPECT_EQ(category_of(record.end.termination), TerminationCategory::Rule);
}

TEST(TwentyFiveMoveRule, ManMoveRestartsTheCount) {
    // The man move at ply 21 restarts the count: the draw comes at ply 71, not 50.
    expect_end(play_plies(kKingsFen, kManMovePlies), Termination::TwentyFiveMoveRule, 71);
}

TEST(TwentyFiveMoveRule, CaptureRestartsTheCount) {
    // The capture at ply 2 restarts the count: the draw comes at ply 52, not 50.
    expect_end(play_plies(kCaptureFen, kCapturePlies), Termination::TwentyFiveMoveRule, 52);
}

TEST(SixteenMoveRule, DrawsThirtyTwoPliesAfterTheCaptureThatCreatedIt) {
    expect_end(play_plies(kSixteenFen, kSixteenPlies), Termination::SixteenMoveRule, 33);
}

TEST(SixteenMoveRule, CountStartsWhenAManPromotes) {
    expect_end(play_plies(kPromotionFen, kPromotionPlies), Termination::SixteenMoveRule, 35);
}

TEST(FiveMoveRule, CaptureFromSixteenMoveEndingStartsAFreshCount) {
    // Counted from the capture at ply 14, not from ply 1 when the 16-move ending began.
    expect_end(play_plies(kSixteenFen, kSixteenToFivePlies), Termination::FiveMoveRule, 24);
}

TEST(FiveMoveRule, GameStartingInTheEndingCountsFromTheStart) {
    const GameRecord record = play_plies(
        "W:WK50:BK1",
        {"50-28", "1-34", "28-41", "34-43", "41-37", "43-49", "37-23", "49-38", "23-18", "38-15"});
    expect_end(record, Termination::FiveMoveRule, 10);
}

}  // namespace
}  // namespace draughts::harness
