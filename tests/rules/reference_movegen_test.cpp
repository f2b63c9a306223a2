// The bitboard move generator against the independent mailbox generator in
// tests/support/reference_rules.cpp, on many thousands of positions from seeded random games
// (from the initial position and from random king-rich positions).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <tuple>
#include <vector>

#include "rules/capture_route.hpp"
#include "rules/movegen.hpp"
#include "rules/position.hpp"
#include "tests/support/reference_rules.hpp"

namespace draughts::rules {
namespace {

using testing::RefBoard;
using testing::RefListing;
using testing::RefMove;
using testing::RefPiece;

using MoveKey = std::tuple<int, int, std::vector<int>>;  // from, to, captured set

RefBoard to_reference(const Position& position) {
    RefBoard board;
    board.white_to_move = position.side_to_move() == Color::White;
    for (Square s = 1; s <= kNumSquares; ++s) {
        RefPiece& p = board.squares[static_cast<std::size_t>(s)];
        switch (position.piece_at(s)) {
            case Piece::None:
                p = RefPiece::Empty;
                break;
            case Piece::WhiteMan:
                p = RefPiece::WhiteMan;
                break;
            case Piece::WhiteKing:
                p = RefPiece::WhiteKing;
                break;
            case Piece::BlackMan:
                p = RefPiece::BlackMan;
                break;
            case Piece::BlackKing:
                p = RefPiece::BlackKing;
                break;
        }
    }
    return board;
}

Position from_reference(const RefBoard& board) {
    Bitboard white = 0;
    Bitboard black = 0;
    Bitboard kings = 0;
    for (Square s = 1; s <= kNumSquares; ++s) {
        const RefPiece p = board.squares[static_cast<std::size_t>(s)];
        if (p == RefPiece::WhiteMan || p == RefPiece::WhiteKing) white |= square_bit(s);
        if (p == RefPiece::BlackMan || p == RefPiece::BlackKing) black |= square_bit(s);
        if (p == RefPiece::WhiteKing || p == RefPiece::BlackKing) kings |= square_bit(s);
    }
    return Position::from_bitboards(white, black, kings,
                                    board.white_to_move ? Color::White : Color::Black);
}

MoveKey key_of(const Move& move) {
    std::vector<int> captured;
    for_each_square(move.captured(), [&](Square s) { captured.push_back(s); });
    return {move.from(), move.to(), captured};
}

MoveKey key_of(const RefMove& move) { return {move.from, move.to, move.captured_set()}; }

template <typename List>
std::vector<MoveKey> sorted_keys(const List& moves) {
    std::vector<MoveKey> keys;
    for (const auto& m : moves) keys.push_back(key_of(m));
    std::sort(keys.begin(), keys.end());
    return keys;
}

/// What the comparisons saw, so a test can insist that the interesting cases occurred.
struct Coverage {
    int positions = 0;
    int capture_positions = 0;
    int king_captures = 0;
    int multi_captures = 0;
    int positions_with_duplicates = 0;
    int promotions = 0;
};

/// Compares every generator output for one position with the reference; returns the legal moves.
MoveList check_position(const Position& position, Coverage& coverage) {
    const RefBoard board = to_reference(position);
    const std::string where = testing::ref_describe(board);
    MoveList drop;
    MoveList keep;
    generate_moves(position, drop, Duplicates::Drop);
    generate_moves(position, keep, Duplicates::Keep);
    const std::vector<RefMove> ref_drop = reference_moves(board, RefListing::Drop);
    const std::vector<RefMove> ref_keep = reference_moves(board, RefListing::Keep);

    EXPECT_EQ(sorted_keys(drop), sorted_keys(ref_drop)) << where;
    EXPECT_EQ(sorted_keys(keep), sorted_keys(ref_keep)) << where;
    EXPECT_EQ(count_moves(position, Duplicates::Drop), static_cast<int>(drop.size())) << where;
    EXPECT_EQ(count_moves(position, Duplicates::Keep), static_cast<int>(keep.size())) << where;
    EXPECT_EQ(has_capture(position), !ref_drop.empty() && !ref_drop.front().captured.empty())
        << where;
    EXPECT_EQ(position.hash(), position.compute_hash()) << where;

    ++coverage.positions;
    if (drop.size() != keep.size()) ++coverage.positions_with_duplicates;
    if (!ref_drop.empty() && !ref_drop.front().captured.empty()) ++coverage.capture_positions;

    const std::vector<RefMove> all_routes = reference_moves(board, RefListing::AllRoutes);
    for (const RefMove& ref : ref_drop) {
        const auto it = std::find_if(drop.begin(), drop.end(),
                                     [&](const Move& m) { return key_of(m) == key_of(ref); });
        if (it == drop.end()) continue;  // already reported above
        const Position next = position.after(*it);
        EXPECT_EQ(next, from_reference(testing::reference_after(board, ref))) << where;
        EXPECT_EQ(next.hash(), next.compute_hash()) << where;
        if (ref.captured.size() > 1) ++coverage.multi_captures;
        if (ref.captured.empty()) continue;
        if (position.kings() & square_bit(ref.from)) ++coverage.king_captures;
        if ((next.kings() & square_bit(ref.to)) && !(position.kings() & square_bit(ref.from)))
            ++coverage.promotions;
        std::vector<std::vector<Square>> expected_routes;
        for (const RefMove& r : all_routes)
            if (key_of(r) == key_of(ref)) expected_routes.push_back(r.landings);
        std::vector<CaptureRoute> routes = capture_routes(position, *it);
        std::sort(routes.begin(), routes.end());
        std::sort(expected_routes.begin(), expected_routes.end());
        EXPECT_EQ(routes, expected_routes) << where;
    }
    return drop;
}

/// Plays a random game from `start` for at most `max_plies`, checking every position.
void play_random_game(Position start, int max_plies, std::mt19937_64& rng, Coverage& coverage) {
    Position position = start;
    for (int ply = 0; ply < max_plies; ++ply) {
        const MoveList moves = check_position(position, coverage);
        if (moves.empty() || ::testing::Test::HasFailure()) return;
        std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
        position = position.after(moves[pick(rng)]);
    }
}

/// A random position with many kings: each square empty or holding a random piece; men are never
/// placed on the row where they would already have been promoted.
Position random_king_rich_position(std::mt19937_64& rng) {
    std::uniform_int_distribution<int> roll(0, 99);
    Bitboard white = 0;
    Bitboard black = 0;
    Bitboard kings = 0;
    const int density = 15 + roll(rng) % 30;
    for (Square s = 1; s <= kNumSquares; ++s) {
        if (roll(rng) >= density) continue;
        const bool is_white = roll(rng) < 50;
        const bool king = roll(rng) < 40 || (is_white ? s <= 5 : s >= 46);
        (is_white ? white : black) |= square_bit(s);
        if (king) kings |= square_bit(s);
    }
    return Position::from_bitboards(white, black, kings,
                                    roll(rng) < 50 ? Color::White : Color::Black);
}

TEST(ReferenceMovegen, RandomGamesFromInitialPosition) {
    std::mt19937_64 rng(20240601);
    Coverage coverage;
    for (int game = 0; game < 600 && !HasFailure(); ++game)
        play_random_game(Position::initial(), 200, rng, coverage);
    EXPECT_GT(coverage.positions, 50000);
    EXPECT_GT(coverage.capture_positions, 10000);
    EXPECT_GT(coverage.multi_captures, 3000);
    EXPECT_GT(coverage.king_captures, 1000);
    EXPECT_GT(coverage.promotions, 300);
    EXPECT_GT(coverage.positions_with_duplicates, 5);
}

TEST(ReferenceMovegen, RandomGamesFromKingRichPositions) {
    std::mt19937_64 rng(7);
    Coverage coverage;
    for (int game = 0; game < 3000 && !HasFailure(); ++game)
        play_random_game(random_king_rich_position(rng), 30, rng, coverage);
    EXPECT_GT(coverage.positions, 40000);
    EXPECT_GT(coverage.capture_positions, 10000);
    EXPECT_GT(coverage.king_captures, 20000);
    EXPECT_GT(coverage.multi_captures, 10000);
    EXPECT_GT(coverage.positions_with_duplicates, 30);
}

}  // namespace
}  // namespace draughts::rules
