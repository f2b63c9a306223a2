// The project's engine as a player: legal moves with search information, deadlines, stop, games.

#include "harness/builtin/in_process_player.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "harness/game/game_runner.hpp"
#include "records/pdn_writer.hpp"
#include "rules/movegen.hpp"
#include "rules/pdn.hpp"

namespace draughts::harness {
namespace {

engine::EngineOptions small_engine() {
    engine::EngineOptions options;
    options.hash_mb = 1;
    return options;
}

ThinkRequest request_for(const rules::Position& position) {
    ThinkRequest request;
    request.start = position;
    request.position = position;
    return request;
}

TEST(InProcessPlayer, ReturnsALegalMoveWithSearchInformation) {
    InProcessPlayer player("engine", small_engine());
    ASSERT_TRUE(player.new_game(GameStart{}));
    ThinkRequest request = request_for(rules::Position::initial());
    request.limits.depth = 4;
    const ThinkReply reply = player.think(request);
    ASSERT_FALSE(reply.failure);
    ASSERT_TRUE(reply.move);
    rules::MoveList legal;
    rules::generate_moves(request.position, legal);
    EXPECT_TRUE(legal.contains(*reply.move));
    EXPECT_EQ(reply.depth, 4);
    EXPECT_GT(reply.nodes.value_or(0), 0u);
    EXPECT_TRUE(reply.score);
    EXPECT_FALSE(reply.pv.empty());
}

TEST(InProcessPlayer, DeadlineStopsAnEndlessSearch) {
    InProcessPlayer player("engine", small_engine());
    ThinkRequest request = request_for(rules::Position::initial());
    request.limits.infinite = true;
    request.reply_within = 0.05;
    const auto started = std::chrono::steady_clock::now();
    const ThinkReply reply = player.think(request);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    EXPECT_TRUE(reply.move);
    EXPECT_LT(seconds, 30.0);  // generous: only shows that the watchdog ended the search
}

TEST(InProcessPlayer, StopFromAnotherThreadEndsTheThink) {
    InProcessPlayer player("engine", small_engine());
    ThinkRequest request = request_for(rules::Position::initial());
    request.limits.infinite = true;
    std::atomic<bool> done{false};
    // Keeps asking until the think returns: a stop that arrives before the search starts is
    // (by contract) forgotten, so one early stop alone could leave the search running.
    std::jthread stopper([&player, &done] {
        while (!done.load()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            player.stop();
        }
    });
    const ThinkReply reply = player.think(request);
    done.store(true);
    EXPECT_TRUE(reply.move);
}

TEST(InProcessPlayer, TwoEnginesPlayAGameToARuleBasedEnd) {
    InProcessPlayer white("default", small_engine());
    engine::EngineOptions material = small_engine();
    material.weights = engine::EvalWeights::material_only();
    InProcessPlayer black("material", material);
    GameSetup setup;
    setup.set_time_control(*parse_time_control("nodes=2000"));
    SteadyTimeSource time;
    const auto record = play_game(setup, white, black, time);
    ASSERT_TRUE(record);
    EXPECT_EQ(category_of(record->end.termination), TerminationCategory::Rule) << record->end.text;
    EXPECT_GT(record->side(rules::Color::White).nodes, 0u);
    const auto read = rules::read_pdn(to_pdn(*record), "game");
    ASSERT_EQ(read.games.size(), 1u);
    ASSERT_EQ(read.games[0].moves.size(), record->plies.size());
}

TEST(InProcessPlayer, FixedNodeGamesAreReproducible) {
    GameSetup setup;
    setup.set_time_control(*parse_time_control("nodes=1000"));
    SteadyTimeSource time;
    std::vector<rules::Move> first;
    for (int run = 0; run < 2; ++run) {
        InProcessPlayer white("a", small_engine());
        InProcessPlayer black("b", small_engine());
        const auto record = play_game(setup, white, black, time);
        ASSERT_TRUE(record);
        std::vector<rules::Move> moves;
        for (const PlyRecord& ply : record->plies) moves.push_back(ply.move);
        if (run == 0) {
            first = moves;
        } else {
            EXPECT_EQ(moves, first);
        }
    }
}

}  // namespace
}  // namespace draughts::harness
