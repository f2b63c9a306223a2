// Draw-rule counters of every variant (rules/variant_draw_rules.hpp), each rule at the exact ply
// where it declares the draw, and, for international draughts, ply-for-ply agreement with the
// DrawCounters that the engine and the referee use.

#include "rules/variant_draw_rules.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <utility>
#include <vector>

#include "rules/draw_rules.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {
namespace {

/// Plays the quiet moves of `cycle` over and over from `fen`; returns the ply after which the
/// counters first declare a draw (0 when none within `max_plies`) and the rule's name.
template <typename V>
std::pair<int, std::string> ply_of_draw(const std::string& fen,
                                        const std::vector<std::pair<Square, Square>>& cycle,
                                        int max_plies) {
    auto position = parse_fen<V>(fen);
    EXPECT_TRUE(position) << position.error().message;
    auto counters = VariantDrawCounters<V>::at_start(*position);
    for (int ply = 1; ply <= max_plies; ++ply) {
        const auto& [from, to] = cycle[static_cast<std::size_t>(ply - 1) % cycle.size()];
        const auto move = BasicMove<V>::quiet(from, to);
        BasicMoveList<V> legal;
        generate_moves(*position, legal);
        EXPECT_TRUE(legal.contains(move)) << "ply " << ply << ": " << from << "-" << to;
        const auto next = position->after(move);
        counters = counters.next(*position, next);
        position = next;
        if (const auto draw = counters.draw()) return {ply, std::string(draw->rule)};
    }
    return {0, ""};
}

// Kings shuttling c1-d2 (30-26) and b8-a7 (1-5) on the 64-square board, far from each other.
const std::vector<std::pair<Square, Square>> kShuttle64 = {{30, 26}, {1, 5}, {26, 30}, {5, 1}};

TEST(VariantDrawRules, BrazilianTwentyMoveRule) {
    // Two kings each: no counted ending; 20 moves each of kings only draw [CBD 16].
    EXPECT_EQ(ply_of_draw<Brazilian>("W:WK29,K30:BK1,K2", kShuttle64, 60),
              (std::pair<int, std::string>{40, "20-move rule"}));
}

TEST(VariantDrawRules, BrazilianFiveMoveRule) {
    // Two kings against one: 5 moves each [FMJD 6.4].
    EXPECT_EQ(ply_of_draw<Brazilian>("W:WK29,K30:BK1", kShuttle64, 60),
              (std::pair<int, std::string>{10, "5-move rule"}));
}

TEST(VariantDrawRules, RussianFifteenMoveRule) {
    // Four kings each (8 pieces: no counted ending): 15 moves each of kings only [RUS 3.2].
    EXPECT_EQ(ply_of_draw<Russian>("W:WK29,K30,K31,K32:BK1,K2,K3,K4", kShuttle64, 60),
              (std::pair<int, std::string>{30, "15-move rule"}));
}

TEST(VariantDrawRules, RussianFourPieceEndingCountsThroughManMoves) {
    // Kings on both sides and four pieces: the count runs while the material stays, even over
    // the man move a3-b4 that restarts the kings-only count [RUS 3.4].
    std::vector<std::pair<Square, Square>> cycle = {{21, 17}, {1, 5}};
    for (int i = 0; i < 20; ++i) {
        cycle.emplace_back(i % 2 == 0 ? 30 : 26, i % 2 == 0 ? 26 : 30);
        cycle.emplace_back(i % 2 == 0 ? 5 : 1, i % 2 == 0 ? 1 : 5);
    }
    EXPECT_EQ(ply_of_draw<Russian>("W:WK30,21:BK1,12", cycle, 42),
              (std::pair<int, std::string>{30, "4-5 piece ending"}));
}

TEST(VariantDrawRules, RussianThreeKingsAgainstOne) {
    const auto position = parse_fen<Russian>("W:WK29,K30,K31:BK1");
    ASSERT_TRUE(position);
    const auto counters = VariantDrawCounters<Russian>::at_start(*position);
    ASSERT_NE(counters.ending, nullptr);
    EXPECT_EQ(counters.ending->name, "three kings against one");
    EXPECT_EQ(counters.ending->limit_plies, 30);
    EXPECT_EQ(ply_of_draw<Russian>("W:WK29,K30,K31:BK1", kShuttle64, 60).first, 30);
}

TEST(VariantDrawRules, RussianEndingsNeedKingsOnBothSides) {
    EXPECT_EQ(Russian::counted_ending({1, 1, 2, 0}), nullptr);  // no black king
    EXPECT_EQ(Russian::counted_ending({0, 2, 1, 1}), &Russian::kFourFivePieces);
    EXPECT_EQ(Russian::counted_ending({2, 2, 1, 1}), &Russian::kSixSevenPieces);
    EXPECT_EQ(Russian::counted_ending({3, 2, 2, 1}), nullptr);  // eight pieces
    EXPECT_EQ(Russian::counted_ending({0, 1, 0, 3}), &Russian::kThreeKings);
    EXPECT_EQ(Russian::counted_ending({0, 1, 1, 2}), &Russian::kFourFivePieces);  // not 3 kings
}

/// International: the policy's counters agree with DrawCounters at every ply of random games
/// from random king-rich endings (where the counted rules come into play).
TEST(VariantDrawRules, InternationalAgreesWithDrawCounters) {
    std::mt19937_64 rng(17);
    std::uniform_int_distribution<int> square(1, kNumSquares);
    int endings_seen = 0;
    int draws_seen = 0;
    for (int game = 0; game < 400; ++game) {
        Bitboard white = 0;
        Bitboard black = 0;
        const int pieces = 2 + game % 4;
        for (int i = 0; i < pieces; ++i) {
            const Bitboard bit = square_bit(square(rng));
            ((i % 2 == 0) ? white : black) |= bit & ~(white | black);
        }
        if (white == 0 || black == 0) continue;
        const Bitboard men =
            (white | black) & ~row_mask(1) & ~row_mask(10) & (game % 3 == 0 ? kBoardMask : 0);
        Position position =
            Position::from_bitboards(white, black, (white | black) & ~men, Color::White);
        DrawCounters expected = DrawCounters::at_start(position);
        auto counters = VariantDrawCounters<International>::at_start(position);
        for (int ply = 0; ply < 120; ++ply) {
            MoveList moves;
            generate_moves(position, moves);
            if (moves.empty()) break;
            const Position next = position.after(moves[rng() % moves.size()]);
            expected = expected.next(position, next);
            counters = counters.next(position, next);
            position = next;
            ASSERT_EQ(counters.reversible_plies, expected.reversible_plies);
            ASSERT_EQ(counters.ending == nullptr, expected.rule == EndgameRule::None);
            if (expected.rule != EndgameRule::None) {
                ++endings_seen;
                ASSERT_EQ(counters.ending_plies, expected.endgame_plies);
            }
            ASSERT_EQ(counters.draw().has_value(), expected.is_draw()) << to_fen(position);
            if (expected.is_draw()) {
                ++draws_seen;
                break;
            }
        }
    }
    EXPECT_GT(endings_seen, 1000);
    EXPECT_GT(draws_seen, 50);
}

}  // namespace
}  // namespace draughts::rules
