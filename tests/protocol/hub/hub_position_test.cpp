// The Hub position string: 51 characters (side to move, then squares 1-50), written and read back.

#include "protocol/hub/hub_position.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"

namespace draughts::protocol {
namespace {

using rules::Position;

Position position_of(const std::string& fen) {
    const auto p = rules::parse_fen(fen);
    EXPECT_TRUE(p) << p.error().message;
    return p ? *p : Position{};
}

TEST(HubPosition, InitialPositionString) {
    EXPECT_EQ(to_hub_position(Position::initial()),
              "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
    const auto parsed = parse_hub_position("Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
    ASSERT_TRUE(parsed);
    EXPECT_EQ(*parsed, Position::initial());
}

TEST(HubPosition, KingsAndSideToMove) {
    const Position position = position_of("B:WK3,48:BK17,24");
    const std::string hub = to_hub_position(position);
    EXPECT_EQ(hub, "BeeWeeeeeeeeeeeeeBeeeeeebeeeeeeeeeeeeeeeeeeeeeeewee");
    const auto parsed = parse_hub_position(hub);
    ASSERT_TRUE(parsed);
    EXPECT_EQ(*parsed, position);
}

TEST(HubPosition, RoundTripsPositionsOfRandomGames) {
    std::mt19937_64 rng(99);
    int checked = 0;
    for (int game = 0; game < 20; ++game) {
        Position position = Position::initial();
        for (int ply = 0; ply < 150; ++ply) {
            const auto parsed = parse_hub_position(to_hub_position(position));
            ASSERT_TRUE(parsed);
            ASSERT_EQ(*parsed, position) << rules::to_fen(position);
            ASSERT_EQ(parsed->hash(), position.hash());
            ++checked;
            rules::MoveList moves;
            rules::generate_moves(position, moves);
            if (moves.empty()) break;
            position = position.after(
                moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
        }
    }
    EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace draughts::protocol
