// Bulk two-ply counting (count_two_ply, perft's last two plies) against making every move and
// counting the replies one by one, on positions from seeded random games. count_moves itself is
// checked against an independent generator in reference_movegen_test.cpp.

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace draughts::rules {
namespace {

/// Sum of the reply counts after each legal move: perft 2 the slow way.
std::uint64_t two_ply_by_making_moves(const Position& position, Duplicates duplicates) {
    MoveList moves;
    generate_moves(position, moves, duplicates);
    std::uint64_t total = 0;
    for (const Move& move : moves)
        total += static_cast<std::uint64_t>(count_moves(position.after(move), duplicates));
    return total;
}

/// Plays seeded random games from `start`, comparing both counts in every position; returns the
/// number of positions compared.
int compare_along_random_games(const Position& start, int games, int max_plies,
                               std::mt19937_64& rng) {
    int positions = 0;
    for (int game = 0; game < games && !::testing::Test::HasFailure(); ++game) {
        Position position = start;
        for (int ply = 0; ply < max_plies; ++ply) {
            for (const Duplicates duplicates : {Duplicates::Drop, Duplicates::Keep}) {
                EXPECT_EQ(count_two_ply(position, duplicates),
                          two_ply_by_making_moves(position, duplicates))
                    << to_fen(position);
            }
            ++positions;
            MoveList moves;
            generate_moves(position, moves);
            if (moves.empty()) break;
            std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
            position = position.after(moves[pick(rng)]);
        }
    }
    return positions;
}

TEST(BulkCount, TwoPlyCountEqualsMakingEveryMoveFromInitialPosition) {
    std::mt19937_64 rng(20250101);
    EXPECT_GT(compare_along_random_games(Position::initial(), 400, 200, rng), 30000);
}

TEST(BulkCount, TwoPlyCountEqualsMakingEveryMoveWithKings) {
    // Kings on both sides with men in contact: the replies after king moves and after captures.
    const auto start = parse_fen("W:WK46,K38,31,32,33,34,35,36,37:BK5,K13,14,15,16,17,18,19,20");
    ASSERT_TRUE(start) << start.error().message;
    std::mt19937_64 rng(11);
    EXPECT_GT(compare_along_random_games(*start, 200, 60, rng), 3000);
}

}  // namespace
}  // namespace draughts::rules
