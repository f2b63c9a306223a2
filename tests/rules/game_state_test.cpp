// rules::GameState, the one implementation of the rules that end a game: no legal move [FMJD
// 7.2.2, 7.2.3], threefold repetition [6.1] and the 25-, 16- and 5-move rules [6.2-6.4], replayed
// on the scripted sequences of tests/rules/rule_sequences.hpp. Each verdict must come at exactly
// the ply where the rule applies, with its exact text (game records and tools quote it).

#include "rules/game_state.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "tests/rules/rule_sequences.hpp"

namespace draughts::rules {
namespace {

using namespace draughts::testing;  // NOLINT: test data names

constexpr const char* kTwentyFiveText =
    "25-move rule: 25 moves by each player with only kings moving and no capture [FMJD 6.2]";
constexpr const char* kSixteenText =
    "16-move rule: 16 moves by each player with a lone king against three pieces including a king "
    "[FMJD 6.3]";
constexpr const char* kFiveText =
    "5-move rule: 5 moves by each player with a lone king against at most two pieces including a "
    "king [FMJD 6.4]";

/// A game that starts in a 5-move ending, drawn after 10 plies.
constexpr const char* kFiveFen = "W:WK50:BK1";
const std::vector<std::string> kFivePlies = {"50-28", "1-34",  "28-41", "34-43", "41-37",
                                             "43-49", "37-23", "49-38", "23-18", "38-15"};

Position position_from(const std::string& text) {
    auto position = parse_fen(text);
    EXPECT_TRUE(position) << text;
    return position ? *position : Position{};
}

/// A replayed game: the state after the last ply played and the first verdict, with its ply.
struct Replay {
    GameState state;
    std::optional<RulesVerdict> verdict;
    int verdict_ply = 0;  ///< 0: no verdict
};

/// Plays `plies` from `start`, stopping at the first verdict; `each` sees the state after every
/// ply.
Replay replay(const std::string& start, const std::vector<std::string>& plies,
              const std::function<void(const GameState&)>& each = {}) {
    Replay out{GameState(position_from(start)), std::nullopt, 0};
    for (const std::string& text : plies) {
        const auto move = parse_move(out.state.position(), text);
        EXPECT_TRUE(move) << text << ": " << (move ? "" : move.error().message);
        if (!move) break;
        out.state.play(*move);
        if (each) each(out.state);
        out.verdict = out.state.verdict();
        if (out.verdict) {
            out.verdict_ply = out.state.ply();
            break;
        }
    }
    return out;
}

struct CountedCase {
    const char* name;
    const char* fen;
    const std::vector<std::string>* plies;
    RuleEnding rule;
    int ply;
    const char* text;
};

void PrintTo(const CountedCase& c, std::ostream* os) { *os << c.name; }

class CountedRule : public ::testing::TestWithParam<CountedCase> {};

TEST_P(CountedRule, DrawsAtExactlyThePlyWhereItApplies) {
    const CountedCase& c = GetParam();
    const Replay game = replay(c.fen, *c.plies);
    ASSERT_TRUE(game.verdict);
    EXPECT_EQ(game.verdict_ply, c.ply);
    EXPECT_EQ(static_cast<std::size_t>(game.verdict_ply), c.plies->size());  // not earlier
    EXPECT_EQ(game.verdict->rule, c.rule);
    EXPECT_EQ(game.verdict->result, GameResult::Draw);
    EXPECT_EQ(game.verdict->text, c.text);
}

TEST_P(CountedRule, TheSearchsDrawTestAgreesAtEveryPly) {
    // The engine's search asks DrawCounters::is_draw(); it must see the same draws as the verdict.
    const CountedCase& c = GetParam();
    replay(c.fen, *c.plies, [](const GameState& state) {
        EXPECT_EQ(state.counters().is_draw(), counted_draw_verdict(state.counters()).has_value())
            << "ply " << state.ply();
    });
}

INSTANTIATE_TEST_SUITE_P(
    Sequences, CountedRule,
    ::testing::Values(
        CountedCase{"FiftyKingPlies", kKingsFen, &kKingsPlies50, RuleEnding::TwentyFiveMoveRule, 50,
                    kTwentyFiveText},
        // The man move at ply 21 restarts the count: the draw comes at ply 71, not 50.
        CountedCase{"ManMoveRestarts", kKingsFen, &kManMovePlies, RuleEnding::TwentyFiveMoveRule,
                    71, kTwentyFiveText},
        // The capture at ply 2 restarts the count: the draw comes at ply 52, not 50.
        CountedCase{"CaptureRestarts", kCaptureFen, &kCapturePlies, RuleEnding::TwentyFiveMoveRule,
                    52, kTwentyFiveText},
        // Counted from the capture at ply 1 that created the ending.
        CountedCase{"SixteenFromCapture", kSixteenFen, &kSixteenPlies, RuleEnding::SixteenMoveRule,
                    33, kSixteenText},
        // Counted from the promotion at ply 3 that created the ending.
        CountedCase{"SixteenFromPromotion", kPromotionFen, &kPromotionPlies,
                    RuleEnding::SixteenMoveRule, 35, kSixteenText},
        // Counted from the capture at ply 14, not from ply 1 when the 16-move ending began.
        CountedCase{"FiveAfreshAfterSixteen", kSixteenFen, &kSixteenToFivePlies,
                    RuleEnding::FiveMoveRule, 24, kFiveText},
        // A game that starts in the ending counts from its start.
        CountedCase{"FiveFromTheStart", kFiveFen, &kFivePlies, RuleEnding::FiveMoveRule, 10,
                    kFiveText}),
    [](const ::testing::TestParamInfo<CountedCase>& param) {
        return std::string(param.param.name);
    });

TEST(GameStateCounters, SixteenMoveCountStartsAtTheCreatingPlyAndAFreshFiveMoveCountAtTheCapture) {
    std::vector<DrawCounters> counters;
    replay(kSixteenFen, kSixteenToFivePlies,
           [&](const GameState& state) { counters.push_back(state.counters()); });
    ASSERT_EQ(counters.size(), 24u);
    for (std::size_t i = 0; i < 13; ++i) {  // plies 1-13
        EXPECT_EQ(counters[i].rule, EndgameRule::SixteenMoves) << "ply " << i + 1;
        EXPECT_EQ(counters[i].endgame_plies, static_cast<int>(i)) << "ply " << i + 1;
    }
    for (std::size_t i = 13; i < 24; ++i) {  // plies 14-24
        EXPECT_EQ(counters[i].rule, EndgameRule::FiveMoves) << "ply " << i + 1;
        EXPECT_EQ(counters[i].endgame_plies, static_cast<int>(i) - 13) << "ply " << i + 1;
    }
}

TEST(GameStateCounters, ManMoveAndCaptureResetTheKingMoveCount) {
    std::vector<int> counts;
    replay(kKingsFen, kManMovePlies,
           [&](const GameState& state) { counts.push_back(state.counters().reversible_plies); });
    ASSERT_EQ(counts.size(), 71u);
    EXPECT_EQ(counts[19], 20);  // ply 20
    EXPECT_EQ(counts[20], 0);   // ply 21: 47-42
    EXPECT_EQ(counts[21], 1);
    EXPECT_EQ(counts[70], 50);

    counts.clear();
    replay(kCaptureFen, kCapturePlies,
           [&](const GameState& state) { counts.push_back(state.counters().reversible_plies); });
    ASSERT_GE(counts.size(), 3u);
    EXPECT_EQ(counts[0], 1);
    EXPECT_EQ(counts[1], 0);  // ply 2: 5x46
    EXPECT_EQ(counts[2], 1);
}

TEST(GameStateCounters, AStartInACountedEndingCountsFromZero) {
    const GameState state(position_from(kFiveFen));
    EXPECT_EQ(state.counters().rule, EndgameRule::FiveMoves);
    EXPECT_EQ(state.counters().endgame_plies, 0);
    EXPECT_FALSE(state.verdict());
}

TEST(ThreefoldRepetition, DrawsOnTheThirdOccurrenceOfTheStartPosition) {
    const Replay game =
        replay(kKingsFen, {"50-44", "1-7", "44-50", "7-1", "50-44", "1-7", "44-50", "7-1"});
    ASSERT_TRUE(game.verdict);
    EXPECT_EQ(game.verdict_ply, 8);
    EXPECT_EQ(game.verdict->rule, RuleEnding::ThreefoldRepetition);
    EXPECT_EQ(game.verdict->result, GameResult::Draw);
    EXPECT_EQ(game.verdict->text,
              "threefold repetition: the same position with White to move occurred after plies "
              "0, 4, 8 [FMJD 6.1]");
}

TEST(ThreefoldRepetition, CountsPositionsThatAreNotConsecutive) {
    // The position after ply 1 recurs after plies 5 and 9, with other positions in between.
    const Replay game = replay(
        kKingsFen, {"50-44", "1-7", "44-39", "7-1", "39-44", "1-7", "44-50", "7-1", "50-44"});
    ASSERT_TRUE(game.verdict);
    EXPECT_EQ(game.verdict_ply, 9);
    EXPECT_EQ(game.verdict->text,
              "threefold repetition: the same position with Black to move occurred after plies "
              "1, 5, 9 [FMJD 6.1]");
}

TEST(ThreefoldRepetition, SamePiecesWithTheOtherSideToMoveDoNotCount) {
    // White's king goes round a triangle (3 moves) while Black's shuffles (2 moves): the start
    // placement returns after ply 5 with Black to move and after ply 12 with White to move.
    const Position start = position_from(kKingsFen);
    const Replay game = replay(kKingsFen, {"50-44", "1-7", "44-39", "7-1", "39-50", "1-7", "50-44",
                                           "7-1", "44-39", "1-7", "39-50", "7-1"});
    EXPECT_FALSE(game.verdict);
    EXPECT_EQ(game.state.position(), start);
    EXPECT_EQ(game.state.occurrences(start), 2);
    EXPECT_EQ(game.state.occurrences(start.with_side_to_move(Color::Black)), 1);
}

TEST(ThreefoldRepetition, AnIrreversiblePlyForgetsEarlierPositions) {
    const Position start = position_from(kKingsFen);
    const Replay game = replay(kKingsFen, {"50-44", "1-7", "44-50", "7-1", "47-42"});
    EXPECT_EQ(game.state.occurrences(start), 0);
    EXPECT_EQ(game.state.occurrences(game.state.position()), 1);
}

TEST(GameStateHistory, PreviousPositionsGoBackToTheLastIrreversiblePly) {
    const Position start = position_from(kKingsFen);
    Replay game = replay(kKingsFen, {"50-44", "1-7"});
    EXPECT_EQ(game.state.reversible_from(), 0u);
    const Position after_first = start.after(*parse_move(start, "50-44"));
    EXPECT_EQ(game.state.previous_positions(), (std::vector<Position>{start, after_first}));

    game = replay(kKingsFen, {"50-44", "1-7", "47-42", "7-1"});
    EXPECT_EQ(game.state.ply(), 4);
    EXPECT_EQ(game.state.moves().size(), 4u);
    EXPECT_EQ(game.state.reversible_from(), 3u);  // after the man move, ply 3
    ASSERT_EQ(game.state.previous_positions().size(), 1u);
    EXPECT_EQ(game.state.start(), start);
}

TEST(GameStateUndo, TakingBackEveryPlyRestoresEachEarlierState) {
    // Kings moving back and forth, a man move (irreversible), then the third occurrence.
    const std::vector<std::string> plies = {"50-44", "1-7",   "44-50", "7-1",   "47-42",
                                            "1-7",   "50-44", "7-1",   "44-50", "1-7",
                                            "50-44", "7-1",   "44-50"};
    std::vector<GameState> states;
    GameState game(position_from(kKingsFen));
    for (const std::string& text : plies) {
        states.push_back(game);
        game.play(*parse_move(game.position(), text));
    }
    ASSERT_TRUE(game.verdict());
    EXPECT_EQ(game.verdict()->rule, RuleEnding::ThreefoldRepetition);
    while (!states.empty()) {
        game.undo();
        const GameState& before = states.back();
        EXPECT_EQ(game.position(), before.position()) << "ply " << before.ply();
        EXPECT_EQ(game.moves(), before.moves());
        EXPECT_EQ(game.counters().reversible_plies, before.counters().reversible_plies);
        EXPECT_EQ(game.reversible_from(), before.reversible_from());
        EXPECT_EQ(game.previous_positions(), before.previous_positions());
        EXPECT_EQ(game.verdict().has_value(), before.verdict().has_value());
        states.pop_back();
    }
    EXPECT_EQ(game.ply(), 0);
    EXPECT_EQ(game.position(), game.start());
}

TEST(NoLegalMove, TakingTheLastPieceWins) {
    const Replay game = replay("W:W28:B23", {"28x19"});
    ASSERT_TRUE(game.verdict);
    EXPECT_EQ(game.verdict->rule, RuleEnding::NoPieces);
    EXPECT_EQ(game.verdict->result, GameResult::WhiteWin);
    EXPECT_EQ(game.verdict->text, "Black has no pieces left [FMJD 7.2.2]");
}

TEST(NoLegalMove, ABlockedSideLoses) {
    // Black's man on 36 can neither step to 41 nor take it (47 is occupied).
    const Replay game = replay("W:W41,47,50:B36", {"50-44"});
    ASSERT_TRUE(game.verdict);
    EXPECT_EQ(game.verdict->rule, RuleEnding::Blocked);
    EXPECT_EQ(game.verdict->result, GameResult::WhiteWin);
    EXPECT_EQ(game.verdict->text, "Black has no legal move: all pieces are blocked [FMJD 7.2.3]");
}

TEST(StartPosition, AGameThatIsAlreadyOverIsRejected) {
    EXPECT_TRUE(check_start_position(Position::initial()));
    const auto no_pieces = check_start_position(position_from("B:W31:B"));
    ASSERT_FALSE(no_pieces);
    EXPECT_TRUE(
        no_pieces.error().message.ends_with(": Black has no pieces, so the game is already over"))
        << no_pieces.error().message;
    const auto blocked = check_start_position(position_from("B:W41,47:B36"));
    ASSERT_FALSE(blocked);
    EXPECT_TRUE(blocked.error().message.ends_with(
        ": Black is to move but has no legal move, so the game is already over"))
        << blocked.error().message;
}

}  // namespace
}  // namespace draughts::rules
