// What the referee sends to players, what it records, and how a game is stopped from outside.

#include <gtest/gtest.h>

#include <stop_token>
#include <string>
#include <vector>

#include "harness/player/random_player.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "tests/harness/game/game_test_support.hpp"
#include "tests/rules/rule_sequences.hpp"

namespace draughts::harness {
namespace {

using rules::Color;
using testing::say;
using testing::say_all;
using testing::ScriptedPlayer;

TEST(GameRunner, PlayersLearnTheSetup) {
    FakeTimeSource time;
    GameSetup setup;
    setup.start = *parse_start_position("W:W28:B23");
    setup.set_time_control(*parse_time_control("10+1"));
    ScriptedPlayer white(time, {say("28x19")}, "Alpha");
    ScriptedPlayer black(time, {}, "Beta");
    ASSERT_TRUE(play_game(setup, white, black, time));
    ASSERT_EQ(white.games().size(), 1u);
    EXPECT_EQ(white.games()[0].color, Color::White);
    EXPECT_EQ(white.games()[0].opponent, "Beta");
    EXPECT_EQ(black.games()[0].color, Color::Black);
    EXPECT_EQ(black.games()[0].start, setup.start);
    EXPECT_EQ(black.games()[0].time_control, setup.time_controls[1]);
    EXPECT_EQ(white.ends()[0].termination, Termination::NoPieces);
}

TEST(GameRunner, RequestsCarryHistoryAndClockState) {
    FakeTimeSource time;
    GameSetup setup;
    setup.set_time_control(*parse_time_control("2/10+0.5"));
    setup.time_margin = 0.25;
    setup.adjudication.max_moves = 2;
    ScriptedPlayer white(time, say_all({"32-28", "28x19"}, 1.0));
    ScriptedPlayer black(time, say_all({"19-23", "14x23"}, 2.0));
    const auto record = play_game(setup, white, black, time);
    ASSERT_TRUE(record);
    EXPECT_EQ(record->end.termination, Termination::MaxLength);

    ASSERT_EQ(white.requests().size(), 2u);
    const ThinkRequest& first = white.requests()[0];
    EXPECT_TRUE(first.moves.empty());
    EXPECT_EQ(first.position, rules::Position::initial());
    EXPECT_DOUBLE_EQ(*first.limits.time_left, 10.0);
    EXPECT_DOUBLE_EQ(first.limits.increment, 0.5);
    EXPECT_EQ(first.limits.moves_to_go, 2);
    EXPECT_DOUBLE_EQ(*first.reply_within, 10.25);
    EXPECT_DOUBLE_EQ(*first.opponent_time_left, 10.0);

    const ThinkRequest& second = white.requests()[1];
    ASSERT_EQ(second.moves.size(), 2u);
    EXPECT_EQ(rules::to_short_notation(second.moves[0]), "32-28");
    EXPECT_EQ(second.reversible_from, 2u);  // 19-23 was a man move
    EXPECT_TRUE(second.history().previous.empty());
    EXPECT_DOUBLE_EQ(*second.limits.time_left, 9.5);  // 10 - 1 + 0.5
    EXPECT_EQ(second.limits.moves_to_go, 1);
    EXPECT_DOUBLE_EQ(*second.opponent_time_left, 8.5);  // Black: 10 - 2 + 0.5

    // After White's second move its first period ends: 9.5 - 1 + 0.5 + 10.
    ASSERT_EQ(record->plies.size(), 4u);
    EXPECT_DOUBLE_EQ(*record->plies[2].clock_left, 19.0);
    EXPECT_DOUBLE_EQ(record->side(Color::White).time_used, 2.0);
    EXPECT_DOUBLE_EQ(record->side(Color::Black).time_used, 4.0);
    EXPECT_EQ(record->side(Color::Black).moves, 2);
}

TEST(GameRunner, HistoryHoldsPositionsSinceTheLastIrreversibleMove) {
    FakeTimeSource time;
    GameSetup setup;
    setup.start = *parse_start_position(testing::kKingsFen);
    setup.adjudication.max_moves = 3;
    ScriptedPlayer white(time, say_all({"50-44", "44-39", "39-33"}));
    ScriptedPlayer black(time, say_all({"1-7", "7-12", "12-8"}));
    ASSERT_TRUE(play_game(setup, white, black, time));
    const ThinkRequest& third = white.requests()[2];
    EXPECT_EQ(third.reversible_from, 0u);
    const engine::SearchHistory history = third.history();
    ASSERT_EQ(history.previous.size(), 4u);
    EXPECT_EQ(history.previous[0], setup.start);
    EXPECT_EQ(history.previous[3].side_to_move(), Color::Black);
}

TEST(GameRunner, FixedLimitsAreSentWithTheMoveCapAsDeadline) {
    FakeTimeSource time;
    GameSetup setup;
    setup.start = *parse_start_position("W:W28:B23");
    setup.set_time_control(*parse_time_control("nodes=5000,depth=7"));
    ScriptedPlayer white(time, {say("28x19", 100.0)});
    ScriptedPlayer black(time, {});
    const auto record = play_game(setup, white, black, time);
    ASSERT_TRUE(record);
    EXPECT_EQ(record->end.termination, Termination::NoPieces);  // slow, but under the cap
    const ThinkRequest& request = white.requests()[0];
    EXPECT_EQ(request.limits.nodes, 5000u);
    EXPECT_EQ(request.limits.depth, 7);
    ASSERT_TRUE(request.reply_within);
    EXPECT_DOUBLE_EQ(*request.reply_within, kDefaultMoveCap);
    EXPECT_FALSE(request.limits.time_left);
}

TEST(GameRunner, AMoveOverTheMoveCapForfeitsAndSaysSo) {
    FakeTimeSource time;
    GameSetup setup;
    setup.start = *parse_start_position("W:W28:B23");
    setup.set_time_control(*parse_time_control("nodes=1000"));
    setup.move_caps = {2.0, 30.0};
    ScriptedPlayer white(
        time,
        {{ThinkReply::failed(FailureKind::Timeout, "ignored from the engine: `bestmove`"), 2.5}});
    ScriptedPlayer black(time, {});
    const auto record = play_game(setup, white, black, time);
    ASSERT_TRUE(record);
    EXPECT_DOUBLE_EQ(*white.requests()[0].reply_within, 2.0);
    EXPECT_EQ(record->end.termination, Termination::TimeForfeit);
    EXPECT_EQ(record->end.result, GameResult::BlackWin);
    const std::string& text = record->end.text;
    EXPECT_NE(text.find("White exceeded the move cap"), std::string::npos) << text;
    EXPECT_NE(text.find("2.000 s under nodes=1000"), std::string::npos) << text;
    EXPECT_NE(text.find("move_cap"), std::string::npos) << text;
    EXPECT_NE(text.find("ignored from the engine: `bestmove`"), std::string::npos) << text;
}

TEST(GameRunner, ALossOnTimeKeepsWhatThePlayerSaidAboutIt) {
    FakeTimeSource time;
    GameSetup setup;
    setup.set_time_control(*parse_time_control("1+0.1"));
    ScriptedPlayer white(time,
                         {{ThinkReply::failed(FailureKind::Timeout,
                                              "no move by the deadline; ignored from the engine: "
                                              "`bestmove 32-28`; expected `done move=...`"),
                           1.2}});
    ScriptedPlayer black(time, {});
    const auto record = play_game(setup, white, black, time);
    ASSERT_TRUE(record);
    EXPECT_EQ(record->end.termination, Termination::TimeForfeit);
    const std::string& text = record->end.text;
    EXPECT_NE(text.find("lost on time"), std::string::npos) << text;
    EXPECT_NE(text.find("`bestmove 32-28`"), std::string::npos) << text;
}

TEST(GameRunner, RecordsReportedSearchInformation) {
    FakeTimeSource time;
    GameSetup setup;
    setup.start = *parse_start_position("W:W28:B23");
    ThinkReply reply = ThinkReply::with_text("28x19");
    reply.score = 1500;
    reply.depth = 9;
    reply.nodes = 12345;
    reply.seconds = 0.5;
    reply.pv = {"28x19"};
    ScriptedPlayer white(time, {{reply, 0.25}});
    ScriptedPlayer black(time, {});
    const auto record = play_game(setup, white, black, time);
    ASSERT_TRUE(record);
    ASSERT_EQ(record->plies.size(), 1u);
    const PlyRecord& ply = record->plies[0];
    EXPECT_EQ(ply.notation, "28x19");
    EXPECT_EQ(ply.score, 1500);
    EXPECT_EQ(ply.depth, 9);
    EXPECT_EQ(ply.nodes, 12345u);
    EXPECT_EQ(ply.reported_seconds, 0.5);
    EXPECT_DOUBLE_EQ(ply.seconds, 0.25);  // the referee's measurement, not the player's
    EXPECT_EQ(record->side(Color::White).nodes, 12345u);
}

TEST(GameRunner, StopBeforeTheGameAbortsWithoutAsking) {
    FakeTimeSource time;
    ScriptedPlayer white(time, {say("32-28")});
    ScriptedPlayer black(time, {});
    std::stop_source stop;
    stop.request_stop();
    const auto record = play_game(GameSetup{}, white, black, time, stop.get_token());
    ASSERT_TRUE(record);
    EXPECT_EQ(record->end.termination, Termination::Aborted);
    EXPECT_EQ(record->end.result, GameResult::Unfinished);
    EXPECT_TRUE(white.requests().empty());
}

/// A player that asks the game to stop while it thinks, as a user interrupt would.
class InterruptingPlayer final : public Player {
  public:
    explicit InterruptingPlayer(std::stop_source& source) : source_(source) {}
    std::string name() const override { return "interrupting"; }
    Expected<void> start() override { return {}; }
    Expected<void> new_game(const GameStart&) override { return {}; }
    ThinkReply think(const ThinkRequest&) override {
        source_.request_stop();
        return stopped_ ? ThinkReply::with_text("32-28") : ThinkReply::with_text("garbage");
    }
    void stop() override { stopped_ = true; }
    void game_over(const GameEnd&) override {}
    void quit() override {}
    /// True once the referee asked this player to stop.
    bool stopped() const { return stopped_; }

  private:
    std::stop_source& source_;
    bool stopped_ = false;
};

TEST(GameRunner, StopDuringThinkInterruptsThePlayerAndAborts) {
    FakeTimeSource time;
    std::stop_source stop;
    InterruptingPlayer white(stop);
    ScriptedPlayer black(time, {});
    const auto record = play_game(GameSetup{}, white, black, time, stop.get_token());
    ASSERT_TRUE(record);
    EXPECT_TRUE(white.stopped());  // the stop reached the thinking player, not only the referee
    EXPECT_EQ(record->end.termination, Termination::Aborted);
    EXPECT_TRUE(record->plies.empty());
}

TEST(GameRunner, RandomPlayersFinishByRule) {
    SteadyTimeSource time;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        RandomPlayer white(seed, "random-a");
        RandomPlayer black(seed + 100, "random-b");
        const auto record = play_game(GameSetup{}, white, black, time);
        ASSERT_TRUE(record);
        EXPECT_EQ(category_of(record->end.termination), TerminationCategory::Rule)
            << record->end.text;
        rules::Position p = record->start;
        for (const PlyRecord& ply : record->plies) {
            rules::MoveList legal;
            rules::generate_moves(p, legal);
            ASSERT_TRUE(legal.contains(ply.move)) << ply.notation;
            p = p.after(ply.move);
        }
    }
}

TEST(GameRunner, RandomGamesAreReproducible) {
    SteadyTimeSource time;
    RandomPlayer a(7), b(8);
    const auto first = play_game(GameSetup{}, a, b, time);
    const auto second = play_game(GameSetup{}, a, b, time);
    ASSERT_TRUE(first && second);
    ASSERT_EQ(first->plies.size(), second->plies.size());
    for (std::size_t i = 0; i < first->plies.size(); ++i)
        EXPECT_EQ(first->plies[i].move, second->plies[i].move);
}

}  // namespace
}  // namespace draughts::harness
