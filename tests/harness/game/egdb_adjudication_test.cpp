// Adjudication by endgame database (issue 18): on random positions of up to 4 pieces the result
// the referee adjudicates equals the result of playing the position out by perfect play from the
// database under the FMJD counting rules; adjudicated games say so in the PDN and the JSON line.

#include <gtest/gtest.h>

#include "common/json.hpp"
#include "common/portable_random.hpp"
#include "egdb/judgement.hpp"
#include "egdb/material.hpp"
#include "egdb/slice_index.hpp"
#include "harness/game/game_runner.hpp"
#include "records/pdn_writer.hpp"
#include "rules/bitboard.hpp"
#include "rules/fen.hpp"
#include "rules/game_state.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts::harness {
namespace {

/// Perfect play from the database: the best move for the game's own counts (a win by the
/// fewest plies, a draw, or the longest resistance), as egdb::judge orders them.
class DatabasePlayer final : public Player {
  public:
    explicit DatabasePlayer(std::shared_ptr<const egdb::Database> db) : db_(std::move(db)) {}
    std::string name() const override { return "perfect"; }
    Expected<void> start() override { return {}; }
    Expected<void> new_game(const GameStart&) override { return {}; }
    ThinkReply think(const ThinkRequest& request) override {
        rules::GameState game(request.start);
        for (const rules::Move& m : request.moves) game.play(m);
        const auto judged = egdb::judge(*db_, game.position(), game.counters());
        if (!judged || !*judged || (*judged)->moves.empty())
            return ThinkReply::failed(FailureKind::Crash, "position not in the database");
        return ThinkReply::with_move((*judged)->moves.front().move);
    }
    void stop() override {}
    void game_over(const GameEnd&) override {}
    void quit() override {}

  private:
    std::shared_ptr<const egdb::Database> db_;
};

GameRecord play(const rules::Position& start, const std::shared_ptr<const egdb::Database>& db,
                int adjudicate_pieces) {
    DatabasePlayer white(db);
    DatabasePlayer black(db);
    GameSetup setup;
    setup.start = start;
    if (adjudicate_pieces > 0) setup.adjudication.egdb = EgdbAdjudication{db, adjudicate_pieces};
    SteadyTimeSource time;
    return *play_game(setup, white, black, time);
}

/// Every slice of up to 3 pieces and two of 4 (a few seconds to build).
std::shared_ptr<const egdb::Database> database() {
    return testing::open_test_database(3, {"KKKvK", "KKMvK"});
}

/// Up to 3 pieces and KKKvK (about a second).
std::shared_ptr<const egdb::Database> small_database() {
    return testing::open_test_database(3, {"KKKvK"});
}

TEST(EgdbAdjudication, AdjudicatedResultsEqualPerfectPlayWithinTheCountingRules) {
    const auto db = database();
    std::vector<std::string> slices{"KKKvK", "KKMvK"};
    for (const egdb::Material& m : egdb::materials_up_to(3)) slices.push_back(m.name());
    PortableRandom random(2026);
    int positions = 0;
    int in_game = 0;
    for (int i = 0; positions < 3000; ++i) {
        const egdb::SliceIndex index(
            *egdb::Material::parse(slices[static_cast<std::size_t>(i) % slices.size()]));
        const auto start = index.position(random.below(index.size()));
        if (!start || !check_start_position(*start)) continue;
        ++positions;
        const GameRecord perfect = play(*start, db, 0);
        ASSERT_EQ(category_of(perfect.end.termination), TerminationCategory::Rule)
            << rules::to_fen(*start) << ": " << perfect.end.text;
        const int pieces = rules::popcount(start->occupied());
        const GameRecord at_once = play(*start, db, pieces);
        EXPECT_EQ(at_once.end.result, perfect.end.result)
            << rules::to_fen(*start) << ": " << at_once.end.text;
        EXPECT_TRUE(at_once.plies.empty()) << rules::to_fen(*start);
        EXPECT_FALSE(at_once.egdb_value.empty());
        if (pieces < 3) continue;
        // Adjudicated only once a capture has left fewer pieces: in the middle of the game.
        const GameRecord later = play(*start, db, pieces - 1);
        EXPECT_EQ(later.end.result, perfect.end.result)
            << rules::to_fen(*start) << ": " << later.end.text;
        if (!later.egdb_value.empty()) ++in_game;
    }
    EXPECT_GT(in_game, 100);
}

TEST(EgdbAdjudication, TheDatabaseValueIsInThePdnAndTheJsonLine) {
    const auto db = small_database();
    const rules::Position start = *rules::parse_fen("W:WK1,K2,K3:BK26");
    const GameRecord record = play(start, db, 4);
    EXPECT_EQ(record.end.termination, Termination::EgdbWin);
    EXPECT_EQ(record.end.result, GameResult::WhiteWin);
    EXPECT_EQ(record.egdb_value, "win 2 for White, 16-move rule, 32 of 32 plies left");
    EXPECT_NE(to_pdn(record).find("{egdb win 2 for White, 16-move rule, 32 of 32 plies left}"),
              std::string::npos)
        << to_pdn(record);
    EXPECT_NE(to_pdn(record).find("[Termination \"egdb_win\"]"), std::string::npos);
    const Json line = to_json(record);
    EXPECT_EQ(line.at("termination"), "egdb_win");
    EXPECT_EQ(line.at("category"), "adjudication");
    EXPECT_EQ(line.at("egdb_value"), record.egdb_value);
}

TEST(EgdbAdjudication, ADrawOnTheLongDiagonalIsAdjudicatedAsADraw) {
    const auto db = small_database();
    const GameRecord record = play(*rules::parse_fen("B:WK13,K35,K49:BK23"), db, 4);
    EXPECT_EQ(record.end.termination, Termination::EgdbDraw);
    EXPECT_EQ(record.end.result, GameResult::Draw);
}

TEST(EgdbAdjudication, PositionsWithMorePiecesArePlayedOn) {
    const auto db = small_database();
    // The shot (a king given away) and the black king's capture: three pieces.
    const GameRecord three = play(*rules::parse_fen("W:WK1,K2,K3:BK26"), db, 3);
    EXPECT_EQ(three.end.termination, Termination::EgdbWin);
    EXPECT_EQ(three.plies.size(), 2u);
    const GameRecord two = play(*rules::parse_fen("W:WK1,K2,K3:BK26"), db, 2);
    EXPECT_EQ(two.end.termination, Termination::NoPieces);
    EXPECT_TRUE(two.egdb_value.empty());
}

}  // namespace
}  // namespace draughts::harness
