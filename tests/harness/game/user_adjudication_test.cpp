// The user adjudications on their own: counters start, count and reset at the right plies. (The
// FMJD rules' counters are tested with rules::GameState, tests/rules/game_state_test.cpp.)

#include "harness/game/adjudication/user_adjudication.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace draughts::harness {
namespace {

using rules::Color;
using rules::Move;
using rules::Position;

/// Feeds plies with the given scores (mover's view; nullopt = no score) to `tracker`, starting
/// with White to move; returns the ply at which it ended the game and how, or 0.
std::pair<int, std::optional<GameEnd>> feed_scores(Tracker& tracker,
                                                   const std::vector<std::optional<int>>& scores) {
    const Position white = Position::initial();
    const Position black = white.with_side_to_move(Color::Black);
    const Move move{};
    tracker.reset(white);
    for (std::size_t i = 0; i < scores.size(); ++i) {
        const bool white_moves = i % 2 == 0;
        const PlyEvent event{white_moves ? white : black, move, white_moves ? black : white,
                             static_cast<int>(i) + 1, scores[i]};
        if (auto end = tracker.on_ply(event)) return {static_cast<int>(i) + 1, end};
    }
    return {0, std::nullopt};
}

TEST(MaxLengthTracker, DrawsWhenBothSidesMadeTheMoves) {
    MaxLengthTracker tracker(3);
    const auto [ply, end] = feed_scores(tracker, std::vector<std::optional<int>>(10));
    EXPECT_EQ(ply, 6);
    ASSERT_TRUE(end);
    EXPECT_EQ(end->termination, Termination::MaxLength);
    EXPECT_EQ(end->result, GameResult::Draw);
    EXPECT_EQ(category_of(end->termination), TerminationCategory::Adjudication);
}

TEST(ScoreDrawTracker, DrawsAfterMConsecutiveMovesEachWithinWindow) {
    ScoreDrawTracker tracker({.from_move = 0, .moves = 2, .score = 50});
    // Plies 1-2 in the window, ply 3 outside (resets), plies 4-7 inside: 4 plies = 2 moves each.
    const auto [ply, end] = feed_scores(tracker, {10, -20, 51, 0, 50, -50, 5, 5});
    EXPECT_EQ(ply, 7);
    ASSERT_TRUE(end);
    EXPECT_EQ(end->termination, Termination::ScoreDraw);
}

TEST(ScoreDrawTracker, MissingScoreBreaksTheRun) {
    ScoreDrawTracker tracker({.from_move = 0, .moves = 1, .score = 50});
    const auto [ply, end] = feed_scores(tracker, {0, std::nullopt, 0, 0});
    EXPECT_EQ(ply, 4);
}

TEST(ScoreDrawTracker, WaitsForTheFirstMoveNumber) {
    ScoreDrawTracker tracker({.from_move = 4, .moves = 1, .score = 50});
    const auto [ply, end] = feed_scores(tracker, std::vector<std::optional<int>>(12, 0));
    EXPECT_EQ(ply, 8);
}

TEST(ResignTracker, LosingSideResignsAfterMOwnMoves) {
    ResignTracker tracker({.moves = 3, .score = 400, .confirmed_by_opponent = false});
    // Black (even plies) scores -400 or worse on plies 2, 4, 6.
    const auto [ply, end] = feed_scores(tracker, {0, -400, 0, -900, 0, -401, 0});
    EXPECT_EQ(ply, 6);
    ASSERT_TRUE(end);
    EXPECT_EQ(end->result, GameResult::WhiteWin);
    EXPECT_EQ(end->termination, Termination::ScoreResign);
}

TEST(ResignTracker, BetterScoreBreaksTheRun) {
    ResignTracker tracker({.moves = 2, .score = 400, .confirmed_by_opponent = false});
    const auto [ply, end] = feed_scores(tracker, {-500, 0, -399, 0, -500, 0, -500});
    EXPECT_EQ(ply, 7);
    ASSERT_TRUE(end);
    EXPECT_EQ(end->result, GameResult::BlackWin);
}

TEST(ResignTracker, ConfirmationWaitsForTheOpponent) {
    ResignTracker tracker({.moves = 2, .score = 400, .confirmed_by_opponent = true});
    // Black is lost by its own account from ply 2 on; White agrees only from ply 5.
    const auto [ply, end] = feed_scores(tracker, {100, -500, 300, -500, 400, -500, 450});
    EXPECT_EQ(ply, 7);
    ASSERT_TRUE(end);
    EXPECT_EQ(end->result, GameResult::WhiteWin);
}

TEST(AdjudicationOptions, ValidateNamesTheBadValue) {
    AdjudicationOptions options;
    EXPECT_TRUE(validate(options));
    options.resign = ResignOptions{.moves = 0, .score = 100};
    const auto bad = validate(options);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("resign: moves"), std::string::npos);
}

}  // namespace
}  // namespace draughts::harness
