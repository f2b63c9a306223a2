// Games lost by rule (no pieces, blockade), by forfeit (illegal, ambiguous, malformed or missing
// replies, player failures, time) and games that cannot start.

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "tests/harness/game/game_test_support.hpp"

namespace draughts::harness {
namespace {

using testing::play_plies;
using testing::say;
using testing::ScriptedPlayer;
using testing::ScriptStep;

TEST(GameEnd, CapturingTheLastPieceWins) {
    const GameRecord record = play_plies("W:W28:B23", {"28x19"});
    EXPECT_EQ(record.end.termination, Termination::NoPieces);
    EXPECT_EQ(record.end.result, GameResult::WhiteWin);
    EXPECT_EQ(record.plies.size(), 1u);
    EXPECT_EQ(category_of(record.end.termination), TerminationCategory::Rule);
}

TEST(GameEnd, BlackWinsByCapturingTheLastPiece) {
    const GameRecord record = play_plies("B:W28:B23", {"23x32"});
    EXPECT_EQ(record.end.termination, Termination::NoPieces);
    EXPECT_EQ(record.end.result, GameResult::BlackWin);
}

TEST(GameEnd, BlockedSideLoses) {
    // Black's man on 36 can neither step to 41 nor take it (47 is occupied).
    const GameRecord record = play_plies("W:W41,47,50:B36", {"50-44"});
    EXPECT_EQ(record.end.termination, Termination::Blocked);
    EXPECT_EQ(record.end.result, GameResult::WhiteWin);
    EXPECT_NE(record.end.text.find("Black has no legal move"), std::string::npos);
}

/// Plays one reply from White in `fen` and returns the record.
GameRecord white_replies(const std::string& fen, ScriptStep step, GameSetup setup = {}) {
    FakeTimeSource time;
    const auto start = parse_start_position(fen);
    EXPECT_TRUE(start);
    setup.start = *start;
    ScriptedPlayer white(time, {std::move(step)}, "W");
    ScriptedPlayer black(time, {}, "B");
    auto record = play_game(setup, white, black, time);
    EXPECT_TRUE(record);
    EXPECT_EQ(white.ends().size(), 1u);  // both players hear how the game ended
    EXPECT_EQ(black.ends().size(), 1u);
    return *record;
}

struct ReplyCase {
    std::string name;
    ThinkReply reply;
    Termination expected;
    std::string message_part;
};

void PrintTo(const ReplyCase& c, std::ostream* os) { *os << c.name; }

class BadReply : public ::testing::TestWithParam<ReplyCase> {};

TEST_P(BadReply, LosesWithReasonRecorded) {
    const ReplyCase& c = GetParam();
    const GameRecord record = white_replies(std::string(rules::kInitialFen), {c.reply, 0.01});
    EXPECT_EQ(termination_code(record.end.termination), termination_code(c.expected))
        << record.end.text;
    EXPECT_EQ(record.end.result, GameResult::BlackWin);
    EXPECT_EQ(category_of(record.end.termination), TerminationCategory::Forfeit);
    EXPECT_TRUE(record.plies.empty());
    EXPECT_NE(record.end.text.find("White"), std::string::npos) << record.end.text;
    EXPECT_NE(record.end.text.find(c.message_part), std::string::npos) << record.end.text;
}

ThinkReply move_value(rules::Move m) { return ThinkReply::with_move(m); }

INSTANTIATE_TEST_SUITE_P(
    Replies, BadReply,
    ::testing::Values(
        ReplyCase{"illegal_text", ThinkReply::with_text("46-41"), Termination::IllegalMove,
                  "not a legal move"},
        ReplyCase{"not_diagonal", ThinkReply::with_text("32-26"), Termination::IllegalMove,
                  "not a legal move"},
        ReplyCase{"backwards", ThinkReply::with_text("28-32"), Termination::IllegalMove,
                  "\"28-32\""},
        ReplyCase{"illegal_move_value", move_value(rules::Move::quiet(32, 23)),
                  Termination::IllegalMove, "32-23"},
        ReplyCase{"empty", ThinkReply::with_text(""), Termination::NoMove, "without a move"},
        ReplyCase{"blank", ThinkReply::with_text(" \r\n"), Termination::NoMove, "without a move"},
        ReplyCase{"chess", ThinkReply::with_text("e2e4"), Termination::MalformedReply, "e2e4"},
        ReplyCase{"dangling", ThinkReply::with_text("32-"), Termination::MalformedReply,
                  "separator"},
        ReplyCase{"off_board", ThinkReply::with_text("99-98"), Termination::MalformedReply,
                  "between 1 and 50"},
        ReplyCase{"trailing_words", ThinkReply::with_text("32-28 please"),
                  Termination::MalformedReply, "unexpected character"},
        ReplyCase{"control_bytes", ThinkReply::with_text(std::string("\x01\x02\xff", 3)),
                  Termination::MalformedReply, "\"???\""},
        ReplyCase{"huge", ThinkReply::with_text(std::string(100000, '7')),
                  Termination::MalformedReply, "..."},
        ReplyCase{"crash", ThinkReply::failed(FailureKind::Crash, "signal 11"), Termination::Crash,
                  "signal 11"},
        ReplyCase{"timeout", ThinkReply::failed(FailureKind::Timeout, "no reply"),
                  Termination::TimeForfeit, "no reply"},
        ReplyCase{"protocol", ThinkReply::failed(FailureKind::MalformedReply, "bad line"),
                  Termination::MalformedReply, "bad line"},
        ReplyCase{"disconnect", ThinkReply::failed(FailureKind::Disconnect, "EOF"),
                  Termination::Disconnect, "EOF"}));

TEST(GameEnd, TrailingWhitespaceAroundAMoveIsAccepted) {
    const GameRecord record = white_replies("W:W28:B23", testing::say(" 28x19\r\n"));
    EXPECT_EQ(record.end.termination, Termination::NoPieces);
}

// Two captures from 6 to 2 take different men: "6x2" names both.
constexpr const char* kAmbiguousFen = "W:WK6:B8,17-18,29,37";

TEST(GameEnd, AmbiguousShortCaptureLoses) {
    const GameRecord record = white_replies(kAmbiguousFen, say("6x2"));
    EXPECT_EQ(record.end.termination, Termination::AmbiguousMove);
    EXPECT_NE(record.end.text.find("6x22x13x2"), std::string::npos) << record.end.text;
}

TEST(GameEnd, LongFormSettlesTheAmbiguity) {
    const GameRecord record = white_replies(kAmbiguousFen, say("6x33x24x2"));
    ASSERT_EQ(record.plies.size(), 1u);
    EXPECT_EQ(record.plies[0].notation, "6x33x24x2");
}

TEST(GameEnd, HubFormIsAccepted) {
    const GameRecord record = white_replies(kAmbiguousFen, say("6x2x8x17x29"));
    ASSERT_EQ(record.plies.size(), 1u) << record.end.text;
    EXPECT_EQ(record.plies[0].notation, "6x33x24x2");
}

TEST(GameEnd, SlowMoveLosesOnTime) {
    GameSetup setup;
    setup.set_time_control(*parse_time_control("1+0.1"));
    const GameRecord record =
        white_replies(std::string(rules::kInitialFen), say("32-28", 1.5), setup);
    EXPECT_EQ(record.end.termination, Termination::TimeForfeit);
    EXPECT_EQ(record.end.result, GameResult::BlackWin);
    EXPECT_NE(record.end.text.find("1.500 s of 1.000 s allowed (0.500 s over)"), std::string::npos)
        << record.end.text;
    EXPECT_DOUBLE_EQ(record.side(rules::Color::White).time_used, 1.5);
}

TEST(GameEnd, TimeForfeitBeatsALegalMove) {
    // Even a legal move is lost when it comes too late; the move is not played.
    GameSetup setup;
    setup.set_time_control(*parse_time_control("movetime=0.1"));
    const GameRecord record =
        white_replies(std::string(rules::kInitialFen), say("32-28", 0.2), setup);
    EXPECT_EQ(record.end.termination, Termination::TimeForfeit);
    EXPECT_TRUE(record.plies.empty());
}

TEST(GameEnd, MarginSavesASlightlyLateMove) {
    GameSetup setup;
    setup.set_time_control(*parse_time_control("movetime=0.1"));
    setup.time_margin = 0.05;
    FakeTimeSource time;
    ScriptedPlayer white(time, {say("32-28", 0.14), say("28x19", 0.16)});
    ScriptedPlayer black(time, {say("19-23", 0.01)});
    const auto record = play_game(setup, white, black, time);
    ASSERT_TRUE(record);
    EXPECT_EQ(record->plies.size(), 2u);
    EXPECT_EQ(record->end.termination, Termination::TimeForfeit);
    EXPECT_EQ(record->end.result, GameResult::BlackWin);
}

TEST(GameEnd, FlagFallsAfterClockRunsDownOverSeveralMoves) {
    // 1 s for the game: White uses 0.4 s per move and loses on its third move.
    GameSetup setup;
    setup.set_time_control(*parse_time_control("1"));
    FakeTimeSource time;
    ScriptedPlayer white(time, testing::say_all({"32-28", "28x19", "37-32"}, 0.4));
    ScriptedPlayer black(time, testing::say_all({"19-23", "14x23", "10-14"}, 0.01));
    const auto record = play_game(setup, white, black, time);
    ASSERT_TRUE(record);
    EXPECT_EQ(record->end.termination, Termination::TimeForfeit);
    ASSERT_EQ(record->plies.size(), 4u) << record->end.text;
    ASSERT_TRUE(record->plies[2].clock_left);
    EXPECT_NEAR(*record->plies[2].clock_left, 0.2, 1e-9);
}

struct BadStart {
    std::string fen;
    std::string message_part;
};

void PrintTo(const BadStart& c, std::ostream* os) { *os << '"' << c.fen << '"'; }

class InvalidStart : public ::testing::TestWithParam<BadStart> {};

TEST_P(InvalidStart, IsRejectedWithAClearMessage) {
    const auto start = parse_start_position(GetParam().fen);
    ASSERT_FALSE(start);
    EXPECT_NE(start.error().message.find("start position"), std::string::npos);
    EXPECT_NE(start.error().message.find(GetParam().message_part), std::string::npos)
        << start.error().message;
}

INSTANTIATE_TEST_SUITE_P(
    Fens, InvalidStart,
    ::testing::Values(BadStart{"", "\"\""}, BadStart{"hello", "hello"},
                      BadStart{"X:W31-50:B1-20", "X:W31-50"}, BadStart{"W:W31-50:B1-20,20", "20"},
                      BadStart{"W:W51:B1", "51"}, BadStart{"W:W3:B40", "3"},
                      BadStart{"W:W:B1", "White has no pieces"},
                      BadStart{"B:W31:B", "Black has no pieces"},
                      BadStart{"B:W41,47:B36", "Black is to move but has no legal move"}));

TEST(GameStartChecks, PlayGameRejectsUnplayableSetup) {
    FakeTimeSource time;
    ScriptedPlayer white(time, {});
    ScriptedPlayer black(time, {});
    GameSetup setup;
    setup.start = *rules::parse_fen("W:W:B1");
    const auto record = play_game(setup, white, black, time);
    ASSERT_FALSE(record);
    EXPECT_NE(record.error().message.find("no pieces"), std::string::npos);
    EXPECT_TRUE(white.requests().empty());

    setup.start = rules::Position::initial();
    setup.adjudication.score_draw = ScoreDrawOptions{.from_move = 0, .moves = 0, .score = 1};
    const auto bad_options = play_game(setup, white, black, time);
    ASSERT_FALSE(bad_options);
    EXPECT_NE(bad_options.error().message.find("score draw: moves"), std::string::npos);
}

TEST(GameStartChecks, PlayerThatCannotStartLoses) {
    FakeTimeSource time;
    ScriptedPlayer white(time, {});
    ScriptedPlayer black(time, {});
    black.fail_new_game("engine refused the position");
    const auto record = play_game(GameSetup{}, white, black, time);
    ASSERT_TRUE(record);
    EXPECT_EQ(record->end.result, GameResult::WhiteWin);
    EXPECT_EQ(record->end.termination, Termination::Crash);
    EXPECT_NE(record->end.text.find("engine refused the position"), std::string::npos);
    EXPECT_TRUE(white.requests().empty());
}

TEST(GameStartChecks, NeitherPlayerStartingAbortsTheGame) {
    FakeTimeSource time;
    ScriptedPlayer white(time, {});
    ScriptedPlayer black(time, {});
    white.fail_new_game("w down");
    black.fail_new_game("b down");
    const auto record = play_game(GameSetup{}, white, black, time);
    ASSERT_TRUE(record);
    EXPECT_EQ(record->end.result, GameResult::Unfinished);
    EXPECT_EQ(record->end.termination, Termination::Aborted);
}

}  // namespace
}  // namespace draughts::harness
