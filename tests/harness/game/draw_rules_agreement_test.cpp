// The referee's draw-rule trackers and the engine's own draw counters (rules/draw_rules.hpp,
// used by its search) implement the same reading of FMJD 6.2-6.4 independently. Random games
// from the start and from small endings must see the same counts at every ply, or an engine would
// steer for draws the referee does not award (or the other way round).

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "harness/game/adjudication/ending_tracker.hpp"
#include "harness/game/adjudication/king_move_tracker.hpp"
#include "harness/game/game_runner.hpp"
#include "harness/player/random_player.hpp"
#include "rules/draw_rules.hpp"
#include "rules/fen.hpp"
#include "tests/harness/game/game_test_support.hpp"
#include "tests/harness/game/rule_sequences.hpp"

namespace draughts::harness {
namespace {

void expect_same_counts(const GameRecord& record) {
    KingMoveTracker king_moves;
    EndingTracker sixteen(Ending::SixteenMoves);
    EndingTracker five(Ending::FiveMoves);
    rules::Position p = record.start;
    for (Tracker* t : {static_cast<Tracker*>(&king_moves), static_cast<Tracker*>(&sixteen),
                       static_cast<Tracker*>(&five)})
        t->reset(p);
    // A game that starts in a counted ending counts from its start, on both sides.
    rules::DrawCounters counters = rules::DrawCounters::at_start(p);
    for (std::size_t i = 0; i < record.plies.size(); ++i) {
        const rules::Position next = p.after(record.plies[i].move);
        const int ply = static_cast<int>(i) + 1;
        bool tracker_draw = false;
        for (Tracker* t : {static_cast<Tracker*>(&king_moves), static_cast<Tracker*>(&sixteen),
                           static_cast<Tracker*>(&five)})
            tracker_draw |= t->on_ply(PlyEvent{p, record.plies[i].move, next, ply, {}}).has_value();
        counters = counters.next(p, next);
        EXPECT_EQ(king_moves.count(), counters.reversible_plies) << "ply " << ply;
        const rules::EndgameRule rule = rules::endgame_rule(next);
        EXPECT_EQ(sixteen.count().has_value(), rule == rules::EndgameRule::SixteenMoves);
        EXPECT_EQ(five.count().has_value(), rule == rules::EndgameRule::FiveMoves);
        const auto count =
            rule == rules::EndgameRule::SixteenMoves ? sixteen.count() : five.count();
        if (count) {
            EXPECT_EQ(*count, counters.endgame_plies) << "ply " << ply;
        }
        EXPECT_EQ(tracker_draw, counters.is_draw()) << "ply " << ply;
        p = next;
    }
}

TEST(DrawRulesAgreement, RefereeAndEngineCountAlike) {
    SteadyTimeSource time;
    const char* const starts[] = {"W:W31-50:B1-20", "W:WK46,K50,33:BK5,12", "B:WK46,28,33,38:BK5",
                                  "W:WK1,K50:BK23,K30", "W:W36,37,K50:BK5,19"};
    int endgame_draws = 0;
    for (const char* fen : starts) {
        for (std::uint64_t seed = 1; seed <= 150; ++seed) {
            RandomPlayer white(seed), black(seed * 7919);
            GameSetup setup;
            setup.start = *parse_start_position(fen);
            const auto record = play_game(setup, white, black, time);
            ASSERT_TRUE(record);
            SCOPED_TRACE(std::string(fen) + " seed " + std::to_string(seed));
            expect_same_counts(*record);
            const Termination t = record->end.termination;
            endgame_draws += t == Termination::SixteenMoveRule || t == Termination::FiveMoveRule;
        }
    }
    EXPECT_GT(endgame_draws, 30);  // the endings were really exercised
}

TEST(DrawRulesAgreement, HandBuiltRuleSequencesCountAlike) {
    using namespace testing;  // NOLINT: test data names
    const std::pair<const char*, const std::vector<std::string>*> games[] = {
        {kKingsFen, &kKingsPlies50},       {kKingsFen, &kManMovePlies},
        {kCaptureFen, &kCapturePlies},     {kSixteenFen, &kSixteenPlies},
        {kPromotionFen, &kPromotionPlies}, {kSixteenFen, &kSixteenToFivePlies}};
    for (const auto& [fen, plies] : games) {
        SCOPED_TRACE(fen);
        const GameRecord record = play_plies(fen, *plies);
        EXPECT_EQ(category_of(record.end.termination), TerminationCategory::Rule);
        expect_same_counts(record);
    }
}

}  // namespace
}  // namespace draughts::harness
