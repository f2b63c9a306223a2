#pragma once
// Board geometry for the evaluation: rows, columns, the 180-degree rotation that turns Black's
// view of the board into White's, and masks of square sets, all computed at compile time.

#include <array>
#include <cstdint>

#include "rules/bitboard.hpp"

namespace draughts::rules::geometry {

/// Row of a square, 0 (squares 1-5, Black's back row) to 9 (46-50, White's back row).
constexpr int row_of(Square square) { return (square - 1) / 5; }

/// Column of a square, 0 (left, square 46) to 9 (right, square 5).
constexpr int column_of(Square square) {
    const int row = row_of(square);
    return 2 * ((square - 1) % 5) + (row % 2 == 0 ? 1 : 0);
}

/// The square on (row, column), or 0 when that cell is light or off the board.
constexpr Square square_at(int row, int column) {
    if (row < 0 || row > 9 || column < 0 || column > 9) return 0;
    if ((row + column) % 2 == 0) return 0;
    return row * 5 + column / 2 + 1;
}

/// How far a White man on `square` has advanced: 0 on its back row (46-50) to 9 on the promotion
/// row. For Black the evaluation uses the rotated board, so the same numbers apply.
constexpr int advancement(Square square) { return 9 - row_of(square); }

/// Reverses the bit order of a 64-bit word.
constexpr Bitboard reverse_bits(Bitboard x) {
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    return __builtin_bswap64(x);
}

/// The board turned by 180 degrees (square s goes to 51 - s), which maps dark squares to dark
/// squares and Black's direction of play to White's. In the padded layout, bit b goes to 53 - b.
constexpr Bitboard rotate(Bitboard b) { return reverse_bits(b) >> 10; }

/// Builds the set of squares satisfying a predicate at compile time.
template <typename Predicate>
constexpr Bitboard mask_where(Predicate predicate) {
    Bitboard mask = 0;
    for (Square s = 1; s <= kNumSquares; ++s)
        if (predicate(s)) mask |= square_bit(s);
    return mask;
}

/// Squares that have a neighbour in the given diagonal direction (dr, dc).
constexpr Bitboard has_neighbour(int dr, int dc) {
    return mask_where([=](Square s) { return square_at(row_of(s) + dr, column_of(s) + dc) != 0; });
}
inline constexpr Bitboard kHasUpLeft = has_neighbour(-1, -1);
inline constexpr Bitboard kHasUpRight = has_neighbour(-1, 1);
inline constexpr Bitboard kHasDownLeft = has_neighbour(1, -1);
inline constexpr Bitboard kHasDownRight = has_neighbour(1, 1);

/// The long diagonal 46-5, the strongest line for a king.
inline constexpr Bitboard kMainDiagonal =
    mask_where([](Square s) { return row_of(s) + column_of(s) == 9; });

/// Squares of a given advancement (0..9).
constexpr Bitboard advancement_mask(int a) {
    return mask_where([=](Square s) { return advancement(s) == a; });
}

/// For every bit index, the squares a White man there would still have to pass on its way to
/// promotion, widening by one column per row: when none of them is occupied no piece can stop it
/// in time except a king.
constexpr std::array<Bitboard, 64> make_promotion_cones() {
    std::array<Bitboard, 64> cones{};
    for (Square s = 1; s <= kNumSquares; ++s) {
        Bitboard cone = 0;
        const int row = row_of(s);
        const int column = column_of(s);
        for (int k = 1; k <= row; ++k)
            for (int dc = -k; dc <= k; ++dc)
                if (const Square t = square_at(row - k, column + dc); t != 0) cone |= square_bit(t);
        cones[static_cast<std::size_t>(bit_index(s))] = cone;
    }
    return cones;
}
inline constexpr std::array<Bitboard, 64> kPromotionCones = make_promotion_cones();

/// Kings plus every empty square they reach sliding in direction Step (Kogge-Stone fill; a slide
/// is at most 9 squares on the largest board, which 1 + 2 + 4 + 8 steps cover).
template <int Step>
constexpr Bitboard slide_fill(Bitboard kings, Bitboard empty) {
    Bitboard gen = kings;
    Bitboard pro = empty;
    gen |= pro & shift<Step>(gen);
    pro &= shift<Step>(pro);
    gen |= pro & shift<2 * Step>(gen);
    pro &= shift<2 * Step>(pro);
    gen |= pro & shift<4 * Step>(gen);
    pro &= shift<4 * Step>(pro);
    gen |= pro & shift<8 * Step>(gen);
    return gen;
}

/// Number of quiet king moves of a set of kings on board B: within one direction the slides of
/// different kings never overlap, so one fill per direction counts every move exactly once.
template <typename B = Board10>
constexpr int king_move_count(Bitboard kings, Bitboard empty) {
    return popcount(slide_fill<B::kUpLeft>(kings, empty) & empty) +
           popcount(slide_fill<B::kUpRight>(kings, empty) & empty) +
           popcount(slide_fill<B::kDownLeft>(kings, empty) & empty) +
           popcount(slide_fill<B::kDownRight>(kings, empty) & empty);
}

}  // namespace draughts::rules::geometry
