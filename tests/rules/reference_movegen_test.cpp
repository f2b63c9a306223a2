// The bitboard move generator against the independent mailbox generator in
// tests/support/reference_rules.cpp, on many thousands of positions from seeded random games
// (from the initial position and from random king-rich positions), for every variant.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <tuple>
#include <vector>

#include "rules/capture_route.hpp"
#include "rules/movegen.hpp"
#include "rules/position.hpp"
#include "rules/variant.hpp"
#include "tests/support/reference_convert.hpp"
#include "tests/support/reference_rules.hpp"

namespace draughts::rules {
namespace {

using testing::RefBoard;
using testing::RefListing;
using testing::RefMove;
using testing::RefPiece;
using testing::RefRules;
using testing::to_reference;

using MoveKey = std::tuple<int, int, std::vector<int>, bool>;  // from, to, captured set, crowned

template <typename V>
MoveKey key_of(const BasicMove<V>& move) {
    std::vector<int> captured;
    for_each_square_on<typename V::Board>(move.captured(),
                                          [&](Square s) { captured.push_back(s); });
    return {move.from(), move.to(), captured, move.crowns_in_capture()};
}

MoveKey key_of(const RefMove& move) {
    return {move.from, move.to, move.captured_set(), move.crowned};
}

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
    int crowned_on_the_way = 0;  ///< Russian: crowned, then captured on as a king elsewhere
};

/// Compares every generator output for one position with the reference; returns the legal moves.
template <typename V>
BasicMoveList<V> check_position(const BasicPosition<V>& position, Coverage& coverage) {
    using B = typename V::Board;
    const RefBoard board = to_reference(position);
    const std::string where = testing::ref_describe(board);
    BasicMoveList<V> drop;
    BasicMoveList<V> keep;
    generate_moves(position, drop, Duplicates::Drop);
    generate_moves(position, keep, Duplicates::Keep);
    const std::vector<RefMove> ref_drop = reference_moves(board, RefListing::Drop);
    const std::vector<RefMove> ref_keep = reference_moves(board, RefListing::Keep);

    EXPECT_EQ(sorted_keys(drop), sorted_keys(ref_drop)) << where;
    // Routes are compared where they are defined alike: not with orthogonal captures
    // (rules::routes_not_counted).
    if (!V::kOrthogonalCaptures) {
        EXPECT_EQ(sorted_keys(keep), sorted_keys(ref_keep)) << where;
    }
    EXPECT_EQ(count_moves(position, Duplicates::Drop), static_cast<int>(drop.size())) << where;
    EXPECT_EQ(count_moves(position, Duplicates::Keep), static_cast<int>(keep.size())) << where;
    EXPECT_EQ(has_capture(position), !ref_drop.empty() && !ref_drop.front().captured.empty())
        << where;
    RefBoard other_side = board;  // what the opponent could take, were it to move
    other_side.white_to_move = !board.white_to_move;
    const std::vector<RefMove> threats = reference_moves(other_side, RefListing::Drop);
    EXPECT_EQ(opponent_has_capture(position), !threats.empty() && !threats.front().captured.empty())
        << where;
    EXPECT_EQ(position.hash(), position.compute_hash()) << where;

    ++coverage.positions;
    if (drop.size() != keep.size()) ++coverage.positions_with_duplicates;
    if (!ref_drop.empty() && !ref_drop.front().captured.empty()) ++coverage.capture_positions;

    const std::vector<RefMove> all_routes = reference_moves(board, RefListing::AllRoutes);
    for (const RefMove& ref : ref_drop) {
        const auto it = std::find_if(drop.begin(), drop.end(),
                                     [&](const auto& m) { return key_of(m) == key_of(ref); });
        if (it == drop.end()) continue;  // already reported above
        const BasicPosition<V> next = position.after(*it);
        EXPECT_TRUE(to_reference(next) == testing::reference_after(board, ref)) << where;
        EXPECT_EQ(next.hash(), next.compute_hash()) << where;
        if (ref.captured.size() > 1) ++coverage.multi_captures;
        if (ref.captured.empty()) continue;
        if (position.kings() & B::square_bit(ref.from)) ++coverage.king_captures;
        if ((next.kings() & B::square_bit(ref.to)) && !(position.kings() & B::square_bit(ref.from)))
            ++coverage.promotions;
        const int crown_row = board.white_to_move ? 0 : B::kSize - 1;
        const auto crowning = std::find_if(ref.landings.begin(), ref.landings.end(),
                                           [&](int s) { return B::row_of(s) == crown_row; });
        if (ref.crowned && crowning + 1 < ref.landings.end()) ++coverage.crowned_on_the_way;
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
template <typename V>
void play_random_game(BasicPosition<V> start, int max_plies, std::mt19937_64& rng,
                      Coverage& coverage) {
    BasicPosition<V> position = start;
    for (int ply = 0; ply < max_plies; ++ply) {
        const BasicMoveList<V> moves = check_position(position, coverage);
        if (moves.empty() || ::testing::Test::HasFailure()) return;
        std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
        position = position.after(moves[pick(rng)]);
    }
}

/// A random position with many kings: each square empty or holding a random piece; men are never
/// placed on the row where they would already have been promoted.
template <typename V>
BasicPosition<V> random_king_rich_position(std::mt19937_64& rng) {
    using B = typename V::Board;
    std::uniform_int_distribution<int> roll(0, 99);
    Bitboard white = 0;
    Bitboard black = 0;
    Bitboard kings = 0;
    const int density = 15 + roll(rng) % 30;
    for (Square s = 1; s <= B::kNumSquares; ++s) {
        if (roll(rng) >= density) continue;
        const bool is_white = roll(rng) < 50;
        const bool on_far_row = is_white ? B::row_of(s) == 0 : B::row_of(s) == B::kSize - 1;
        const bool king = roll(rng) < 40 || on_far_row;
        (is_white ? white : black) |= B::square_bit(s);
        if (king) kings |= B::square_bit(s);
    }
    return BasicPosition<V>::from_bitboards(white, black, kings,
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
        play_random_game(random_king_rich_position<International>(rng), 30, rng, coverage);
    EXPECT_GT(coverage.positions, 40000);
    EXPECT_GT(coverage.capture_positions, 10000);
    EXPECT_GT(coverage.king_captures, 20000);
    EXPECT_GT(coverage.multi_captures, 10000);
    EXPECT_GT(coverage.positions_with_duplicates, 30);
}

// The 64-square games: random games from the initial position, then from king-rich positions.
// The coverage floors make sure the rules that differ were exercised: captures of several
// pieces, king captures, promotions and, in Russian draughts, men crowned on the way.

template <typename V>
Coverage random_games_of(std::uint64_t seed, int games, int king_rich_games) {
    std::mt19937_64 rng(seed);
    Coverage coverage;
    for (int game = 0; game < games && !::testing::Test::HasFailure(); ++game)
        play_random_game(BasicPosition<V>::initial(), 200, rng, coverage);
    for (int game = 0; game < king_rich_games && !::testing::Test::HasFailure(); ++game)
        play_random_game(random_king_rich_position<V>(rng), 30, rng, coverage);
    return coverage;
}

TEST(ReferenceMovegen, BrazilianRandomGames) {
    const Coverage coverage = random_games_of<Brazilian>(2026, 1500, 2000);
    EXPECT_GT(coverage.positions, 50000);
    EXPECT_GT(coverage.capture_positions, 15000);
    EXPECT_GT(coverage.multi_captures, 5000);
    EXPECT_GT(coverage.king_captures, 10000);
    EXPECT_GT(coverage.promotions, 300);
    EXPECT_GT(coverage.positions_with_duplicates, 5);
}

TEST(ReferenceMovegen, RussianRandomGames) {
    const Coverage coverage = random_games_of<Russian>(1917, 1500, 2000);
    EXPECT_GT(coverage.positions, 50000);
    EXPECT_GT(coverage.capture_positions, 15000);
    EXPECT_GT(coverage.multi_captures, 5000);
    EXPECT_GT(coverage.king_captures, 10000);
    EXPECT_GT(coverage.promotions, 300);
    EXPECT_GT(coverage.crowned_on_the_way, 50);
    EXPECT_GT(coverage.positions_with_duplicates, 5);
}

// The 100-square variants that change one FMJD rule. The killer rule needs a king taking a king,
// so king-rich positions dominate there; breakthrough games stop at the first king.

TEST(ReferenceMovegen, KillerRandomGames) {
    const Coverage coverage = random_games_of<Killer>(1976, 300, 3000);
    EXPECT_GT(coverage.positions, 50000);
    EXPECT_GT(coverage.king_captures, 20000);
    EXPECT_GT(coverage.multi_captures, 10000);
    EXPECT_GT(coverage.promotions, 100);
}

TEST(ReferenceMovegen, BreakthroughRandomGames) {
    const Coverage coverage = random_games_of<Breakthrough>(2003, 600, 0);
    EXPECT_GT(coverage.positions, 20000);
    EXPECT_GT(coverage.capture_positions, 5000);
    EXPECT_GT(coverage.multi_captures, 500);
    EXPECT_GT(coverage.promotions, 100);
}

// The checkers games Black starts: English draughts (men forwards only, short kings) and pool
// checkers (men backwards too, flying kings, free choice).

TEST(ReferenceMovegen, EnglishRandomGames) {
    const Coverage coverage = random_games_of<English>(1847, 1500, 2000);
    EXPECT_GT(coverage.positions, 50000);
    EXPECT_GT(coverage.capture_positions, 15000);
    EXPECT_GT(coverage.multi_captures, 2000);
    EXPECT_GT(coverage.king_captures, 5000);
    EXPECT_GT(coverage.promotions, 300);
}

TEST(ReferenceMovegen, PoolRandomGames) {
    const Coverage coverage = random_games_of<Pool>(1880, 1500, 2000);
    EXPECT_GT(coverage.positions, 50000);
    EXPECT_GT(coverage.capture_positions, 15000);
    EXPECT_GT(coverage.multi_captures, 5000);
    EXPECT_GT(coverage.king_captures, 10000);
    EXPECT_GT(coverage.promotions, 300);
    EXPECT_GT(coverage.positions_with_duplicates, 5);
}

// Frisian draughts and Frysk!: captures along rows and columns, by value, and the runs of a
// king's quiet moves, which the reference board carries too.

TEST(ReferenceMovegen, FrisianRandomGames) {
    const Coverage coverage = random_games_of<Frisian>(1932, 600, 2000);
    EXPECT_GT(coverage.positions, 50000);
    EXPECT_GT(coverage.capture_positions, 15000);
    EXPECT_GT(coverage.multi_captures, 10000);
    EXPECT_GT(coverage.king_captures, 10000);
    EXPECT_GT(coverage.promotions, 300);
    EXPECT_GT(coverage.positions_with_duplicates, 500);
}

TEST(ReferenceMovegen, FryskRandomGames) {
    const Coverage coverage = random_games_of<Frysk>(2019, 600, 1000);
    EXPECT_GT(coverage.positions, 25000);
    EXPECT_GT(coverage.capture_positions, 5000);
    EXPECT_GT(coverage.multi_captures, 5000);
    EXPECT_GT(coverage.king_captures, 5000);
    EXPECT_GT(coverage.promotions, 200);
    EXPECT_GT(coverage.positions_with_duplicates, 200);
}

TEST(ReferenceMovegen, AntidraughtsRandomGames) {
    const Coverage coverage = random_games_of<Antidraughts>(1912, 300, 1000);
    EXPECT_GT(coverage.positions, 30000);
    EXPECT_GT(coverage.king_captures, 5000);
    EXPECT_GT(coverage.multi_captures, 3000);
}

}  // namespace
}  // namespace draughts::rules
