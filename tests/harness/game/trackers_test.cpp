// The adjudication trackers on their own: counters start, count and reset at the right plies.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/game/adjudication/ending_tracker.hpp"
#include "harness/game/adjudication/king_move_tracker.hpp"
#include "harness/game/adjudication/repetition_tracker.hpp"
#include "harness/game/adjudication/user_adjudication.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "tests/harness/game/rule_sequences.hpp"

namespace draughts::harness {
namespace {

using rules::Color;
using rules::Move;
using rules::Position;

Position fen(const std::string& text) {
    auto p = rules::parse_fen(text);
    EXPECT_TRUE(p) << text;
    return *p;
}

/// Replays move texts from `start`, feeding `tracker`; returns the ply (1-based) at which it
/// ended the game, or 0. `after_each` sees the ply number after the tracker took it.
template <typename Callback>
int replay(Tracker& tracker, const std::string& start, const std::vector<std::string>& moves,
           Callback after_each) {
    Position p = fen(start);
    tracker.reset(p);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const auto move = rules::parse_move(p, moves[i]);
        EXPECT_TRUE(move) << move.error().message;
        if (!move) return -1;
        const Position next = p.after(*move);
        const int ply = static_cast<int>(i) + 1;
        const auto end = tracker.on_ply(PlyEvent{p, *move, next, ply, std::nullopt});
        after_each(ply);
        if (end) return ply;
        p = next;
    }
    return 0;
}

struct EndingCase {
    const char* fen;
    bool sixteen;
    bool five;
};

TEST(Endings, MaterialConfigurations) {
    const EndingCase cases[] = {
        {"W:WK1:BK50,K49,K48", true, false},
        {"W:WK1:BK50,K49,30", true, false},
        {"W:WK1:BK50,30,31", true, false},
        {"W:WK1:B30,31,32", false, false},
        {"W:WK1:BK50,K49", false, true},
        {"W:WK1:BK50,30", false, true},
        {"W:WK1:BK50", false, true},
        {"W:WK1:B30,31", false, false},
        {"B:WK1,10:BK50", false, true},
        {"W:WK1,K2:BK50,K49", false, false},
        {"W:WK1:BK50,K49,K48,K47", false, false},
        {"W:W10:BK50,K49,K48", false, false},
        {"B:WK1,K2,K3:BK50", true, false},
        {"W:W31-50:B1-20", false, false},
    };
    for (const EndingCase& c : cases) {
        EXPECT_EQ(in_ending(fen(c.fen), Ending::SixteenMoves), c.sixteen) << c.fen;
        EXPECT_EQ(in_ending(fen(c.fen), Ending::FiveMoves), c.five) << c.fen;
    }
}

using testing::kSixteenFen;
using testing::kSixteenToFivePlies;

// The 16-move ending starts at ply 1 (31x22); at ply 14 the lone king's capture turns it into a
// 5-move ending, which ends the game at ply 24.
TEST(EndingTracker, SixteenMoveCountStartsAtCreatingPlyAndStopsOnLeaving) {
    EndingTracker sixteen(Ending::SixteenMoves);
    std::vector<std::optional<int>> counts;
    const int end = replay(sixteen, kSixteenFen, kSixteenToFivePlies,
                           [&](int) { counts.push_back(sixteen.count()); });
    EXPECT_EQ(end, 0);
    ASSERT_EQ(counts.size(), 24u);
    for (std::size_t i = 0; i < 13; ++i)
        EXPECT_EQ(counts[i], static_cast<int>(i)) << "ply " << i + 1;
    for (std::size_t i = 13; i < 24; ++i) EXPECT_FALSE(counts[i]) << "ply " << i + 1;
}

TEST(EndingTracker, FiveMoveCountStartsAfreshAtTheCapture) {
    EndingTracker five(Ending::FiveMoves);
    std::vector<std::optional<int>> counts;
    const int end = replay(five, kSixteenFen, kSixteenToFivePlies,
                           [&](int) { counts.push_back(five.count()); });
    EXPECT_EQ(end, 24);
    ASSERT_EQ(counts.size(), 24u);
    for (std::size_t i = 0; i < 13; ++i) EXPECT_FALSE(counts[i]) << "ply " << i + 1;
    for (std::size_t i = 13; i < 24; ++i)
        EXPECT_EQ(counts[i], static_cast<int>(i) - 13) << "ply " << i + 1;
}

TEST(EndingTracker, StartPositionInTheEndingCountsFromZero) {
    EndingTracker five(Ending::FiveMoves);
    five.reset(fen("W:WK50:BK1"));
    EXPECT_EQ(five.count(), 0);
    EXPECT_EQ(five.limit(), 10);
    EXPECT_EQ(EndingTracker(Ending::SixteenMoves).limit(), 32);
}

TEST(KingMoveTracker, ManMoveResetsTheCount) {
    KingMoveTracker tracker;
    std::vector<int> counts;
    const int end = replay(tracker, testing::kKingsFen, testing::kManMovePlies,
                           [&](int) { counts.push_back(tracker.count()); });
    EXPECT_EQ(end, 71);
    ASSERT_EQ(counts.size(), 71u);
    EXPECT_EQ(counts[19], 20);  // ply 20
    EXPECT_EQ(counts[20], 0);   // ply 21: 47-42
    EXPECT_EQ(counts[21], 1);
    EXPECT_EQ(counts[69], 49);
    EXPECT_EQ(counts[70], 50);
}

TEST(KingMoveTracker, CaptureResetsTheCount) {
    KingMoveTracker tracker;
    std::vector<int> counts;
    const int end = replay(tracker, testing::kCaptureFen, testing::kCapturePlies,
                           [&](int) { counts.push_back(tracker.count()); });
    EXPECT_EQ(end, 52);
    ASSERT_GE(counts.size(), 3u);
    EXPECT_EQ(counts[0], 1);
    EXPECT_EQ(counts[1], 0);  // ply 2: 5x46
    EXPECT_EQ(counts[2], 1);
}

TEST(RepetitionTracker, CountsOccurrencesWithSideToMove) {
    RepetitionTracker tracker;
    const Position start = fen("W:WK50,46,47:BK1,4,5");
    int end = replay(tracker, "W:WK50,46,47:BK1,4,5", {"50-44", "1-7", "44-50", "7-1"}, [](int) {});
    EXPECT_EQ(end, 0);
    EXPECT_EQ(tracker.occurrences(start), 2);
    EXPECT_EQ(tracker.occurrences(start.with_side_to_move(Color::Black)), 0);
}

TEST(RepetitionTracker, IrreversibleMoveForgetsEarlierPositions) {
    RepetitionTracker tracker;
    const Position start = fen("W:WK50,46,47:BK1,4,5");
    replay(tracker, "W:WK50,46,47:BK1,4,5", {"50-44", "1-7", "44-50", "7-1", "47-42"}, [](int) {});
    EXPECT_EQ(tracker.occurrences(start), 0);
}

// ---- user adjudications -----------------------------------------------------------------

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
