// Sampling training positions from games: the filters (opening plies, captures, decided scores),
// the per-game limit, scores turned to White's view, and reading games back from match records.

#include "tuner/game_sampler.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "common/portable_random.hpp"
#include "common/time_source.hpp"
#include "engine/search_types.hpp"
#include "harness/builtin/builtin_player.hpp"
#include "harness/game/game_runner.hpp"
#include "records/game_record.hpp"
#include "rules/movegen.hpp"
#include "tests/support/test_positions.hpp"

namespace draughts::tuner {
namespace {

/// A random game with made-up scores: ply i scored 100 * i by the mover.
SampledGame random_game(Outcome result) {
    SampledGame g;
    g.start = rules::Position::initial();
    g.result = result;
    PortableRandom random(3);
    rules::Position p = g.start;
    for (int ply = 0; ply < 80; ++ply) {
        rules::MoveList moves;
        rules::generate_moves(p, moves);
        if (moves.empty()) break;
        const rules::Move m = moves[random.below(moves.size())];
        g.moves.push_back(m);
        g.scores.push_back(100 * ply);
        p = p.after(m);
    }
    return g;
}

/// The positions before each ply of a game.
std::vector<rules::Position> positions_of(const SampledGame& g) {
    std::vector<rules::Position> out;
    rules::Position p = g.start;
    for (const rules::Move& m : g.moves) {
        out.push_back(p);
        p = p.after(m);
    }
    return out;
}

TEST(GameSampler, KeepsEligiblePositionsWithScoresFromWhitesSide) {
    const SampledGame g = random_game(Outcome::WhiteWin);
    const auto positions = positions_of(g);
    SamplingOptions o;
    o.skip_plies = 10;
    o.skip_captures = true;
    const auto samples = sample_game(g, o, 0);
    std::size_t expected = 0;
    for (std::size_t i = 10; i < positions.size(); ++i)
        if (!rules::has_capture(positions[i])) ++expected;
    ASSERT_EQ(samples.size(), expected);
    ASSERT_GT(expected, 10u);
    for (const Sample& s : samples) {
        ASSERT_TRUE(s.ply && s.score);
        EXPECT_GE(*s.ply, 10);
        EXPECT_EQ(s.position, positions[static_cast<std::size_t>(*s.ply)]);
        EXPECT_FALSE(rules::has_capture(s.position));
        EXPECT_EQ(s.result, Outcome::WhiteWin);
        // The mover's score 100 * ply, seen from White.
        const int mover = 100 * *s.ply;
        EXPECT_EQ(*s.score, s.position.side_to_move() == rules::Color::White ? mover : -mover);
    }
}

TEST(GameSampler, SkipsDecidedScoresAndForcedWins) {
    SampledGame g = random_game(Outcome::Draw);
    g.scores[20] = engine::kWinScore - 7;
    SamplingOptions o;
    o.skip_captures = false;
    o.max_score = 3000;  // plies up to 30 score at most 3000
    std::vector<int> kept;
    for (const Sample& s : sample_game(g, o, 0)) kept.push_back(*s.ply);
    // Exactly plies 0-30 (|100 * ply| <= 3000) but ply 20, whose score announces a win.
    std::vector<int> expected;
    for (int ply = 0; ply <= 30; ++ply)
        if (ply != 20) expected.push_back(ply);
    EXPECT_EQ(kept, expected);
    o.max_score = 0;
    EXPECT_EQ(sample_game(g, o, 0).size(), g.moves.size());
}

TEST(GameSampler, LimitsPositionsPerGameDeterministically) {
    const SampledGame g = random_game(Outcome::BlackWin);
    SamplingOptions o;
    o.skip_captures = false;
    o.max_per_game = 5;
    const auto a = sample_game(g, o, 7);
    const auto b = sample_game(g, o, 7);
    const auto c = sample_game(g, o, 8);
    ASSERT_EQ(a.size(), 5u);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    for (std::size_t i = 1; i < a.size(); ++i) EXPECT_LT(*a[i - 1].ply, *a[i].ply);
}

TEST(GameSampler, UnfinishedGamesGiveNothing) {
    SampledGame g = random_game(Outcome::Draw);
    g.result.reset();
    EXPECT_TRUE(sample_game(g, {}, 0).empty());
}

TEST(GameSampler, ReadsGamesFromMatchRecords) {
    auto white = harness::make_builtin_player("engine", "a", 1);
    auto black = harness::make_builtin_player("random:5", "b");
    ASSERT_TRUE(white && black);
    ASSERT_TRUE((*white)->start() && (*black)->start());
    harness::GameSetup setup;
    setup.set_time_control(*harness::parse_time_control("nodes=300"));
    setup.adjudication.max_moves = 60;
    SteadyTimeSource time;
    const auto record = harness::play_game(setup, **white, **black, time);
    ASSERT_TRUE(record) << record.error().message;
    const auto game = game_from_json_line(harness::to_json(*record), "line 1");
    ASSERT_TRUE(game) << game.error().message;
    ASSERT_EQ(game->moves.size(), record->plies.size());
    for (std::size_t i = 0; i < record->plies.size(); ++i) {
        EXPECT_EQ(game->moves[i], record->plies[i].move);
        EXPECT_EQ(game->scores[i], record->plies[i].score);
    }
    EXPECT_TRUE(game->result.has_value());
    const auto broken = game_from_json_line(Json{{"result", "1-1"}}, "line 9");
    ASSERT_FALSE(broken);
    EXPECT_NE(broken.error().message.find("line 9"), std::string::npos);
}

TEST(GameFromJsonLine, WrongTypesAreErrorsNamingTheLine) {
    for (const char* text :
         {R"([1, 2])", R"({"start_fen": 5, "result": "1-1", "moves": []})",
          R"({"start_fen": "W:W31-50:B1-20", "result": "1-1", "moves": {}})",
          R"({"start_fen": "W:W31-50:B1-20", "result": "1-1", "moves": [5]})",
          R"({"start_fen": "W:W31-50:B1-20", "result": "1-1", "moves": ["32-28"]})",
          R"({"start_fen": "W:W31-50:B1-20", "result": "1-1", "moves": [{"move": 3228}]})"}) {
        const auto line = parse_json(text, "t");
        ASSERT_TRUE(line) << text;
        const auto game = game_from_json_line(*line, "games.jsonl:4");
        ASSERT_FALSE(game) << text;
        EXPECT_EQ(game.error().message.rfind("games.jsonl:4: ", 0), 0U) << game.error().message;
    }
}

TEST(GameFromJsonLine, ScoresThatAreNoEngineScoreCountAsNotReported) {
    const auto line = parse_json(R"({"start_fen": "W:W31-50:B1-20", "result": "1-1", "moves": [
        {"move": "32-28", "score": 18446744073709551615}, {"move": "19-23", "score": "12"},
        {"move": "28x19", "score": -4294967296}, {"move": "14x23", "score": 1e300},
        {"move": "37-32", "win_in": 0}]})",
                                 "t");
    ASSERT_TRUE(line) << line.error().message;
    const auto game = game_from_json_line(*line, "t");
    ASSERT_TRUE(game) << game.error().message;
    EXPECT_EQ(game->scores, (std::vector<std::optional<int>>(5, std::nullopt)));
}

// Scores are written in men, wins as plies to the end; files written before that hold engine
// units as integers, and read the same.
TEST(GameFromJsonLine, ScoresAreReadInMenWinsInPliesAndOldIntegersInUnits) {
    const auto line = parse_json(R"({"start_fen": "W:W31-50:B1-20", "result": "1-1", "moves": [
        {"move": "32-28", "score": 1.5}, {"move": "19-23", "score": -0.025},
        {"move": "28x19", "win_in": 7}, {"move": "14x23", "win_in": -4},
        {"move": "37-32", "score": -25}]})",
                                 "t");
    ASSERT_TRUE(line) << line.error().message;
    const auto game = game_from_json_line(*line, "t");
    ASSERT_TRUE(game) << game.error().message;
    EXPECT_EQ(game->scores, (std::vector<std::optional<int>>{1500, -25, engine::kWinScore - 7,
                                                             -(engine::kWinScore - 4), -25}));
}

}  // namespace
}  // namespace draughts::tuner
