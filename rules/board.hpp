#pragma once
// The geometry of a square draughts board of Size x Size cells, computed at compile time from the
// size alone: the dark squares numbered 1..Size*Size/2 row by row from Black's side, packed into
// one 64-bit word with one padding ("ghost") bit after every two rows. Each diagonal step is then
// a shift by Size/2 or Size/2 + 1, and leaving the board always lands on a ghost bit or outside
// the board mask. 10x10: 11 bits per pair of rows, steps 5 and 6, 55 bits; 8x8: 9 bits per pair,
// steps 4 and 5, 36 bits. Square 1 is the dark cell in the top row's second column, as in the
// FMJD numbering of the 100-square board [FMJD 2.6] and PDN's GameTypes 25 and 26
// (docs/variants.md).

#include <array>
#include <cstddef>
#include <initializer_list>

#include "rules/bits.hpp"
#include "rules/color.hpp"

namespace draughts::rules {

namespace board_detail {

template <int Size>
constexpr int bit_index(Square square) {
    const int s = square - 1;
    const int row = s / (Size / 2);
    return (row / 2) * (Size + 1) + (row % 2) * (Size / 2) + s % (Size / 2);
}

template <int Size>
constexpr std::array<Square, 64> bit_to_square() {
    std::array<Square, 64> table{};
    for (Square s = 1; s <= Size * Size / 2; ++s)
        table[static_cast<std::size_t>(bit_index<Size>(s))] = s;
    return table;
}

template <int Size>
constexpr Bitboard board_mask() {
    Bitboard mask = 0;
    for (Square s = 1; s <= Size * Size / 2; ++s) mask |= Bitboard{1} << bit_index<Size>(s);
    return mask;
}

template <int Size>
constexpr Bitboard row_mask(int row) {
    Bitboard mask = 0;
    for (int i = 0; i < Size / 2; ++i)
        mask |= Bitboard{1} << bit_index<Size>((row - 1) * (Size / 2) + 1 + i);
    return mask;
}

}  // namespace board_detail

/// Compile-time geometry of a Size x Size board: square numbering, the padded bit layout, steps,
/// masks and promotion rows. A value-free traits type: everything is static and constexpr.
template <int Size>
struct Board {
    static_assert(Size % 2 == 0 && Size >= 6 && Size <= 10, "the padded layout needs <= 64 bits");

    static constexpr int kSize = Size;
    /// Dark squares per row and on the whole board.
    static constexpr int kSquaresPerRow = Size / 2;
    static constexpr int kNumSquares = Size * Size / 2;
    /// Bits per pair of rows: both rows' squares and one ghost bit.
    static constexpr int kBitsPerRowPair = Size + 1;

    /// Diagonal steps in bit-index units. "Up" is towards Black's side (square 1).
    static constexpr int kUpLeft = -(kSquaresPerRow + 1);
    static constexpr int kUpRight = -kSquaresPerRow;
    static constexpr int kDownLeft = kSquaresPerRow;
    static constexpr int kDownRight = kSquaresPerRow + 1;
    static constexpr std::array<int, 4> kDirections = {kUpLeft, kUpRight, kDownLeft, kDownRight};

    /// Orthogonal steps between dark squares, for the variants whose pieces also capture along
    /// rows and columns (Frisian): to the next dark square of the same row, two columns away,
    /// and of the same column, two rows away. Unlike the diagonal steps, a step along a row can
    /// run from the end of one row onto the next: code using them checks the edges (jump_from,
    /// the rays of king_rays.hpp).
    static constexpr int kLeft = -1;
    static constexpr int kRight = 1;
    static constexpr int kUp = -kBitsPerRowPair;
    static constexpr int kDown = kBitsPerRowPair;
    static constexpr std::array<int, 4> kOrthogonalDirections = {kUp, kLeft, kRight, kDown};

    /// Rows and columns crossed by one step (diagonal or orthogonal) in direction `step`.
    static constexpr int row_delta(int step) {
        if (step == kUpLeft || step == kUpRight) return -1;
        if (step == kDownLeft || step == kDownRight) return 1;
        return step == kUp ? -2 : step == kDown ? 2 : 0;
    }
    static constexpr int column_delta(int step) {
        if (step == kUpLeft || step == kDownLeft) return -1;
        if (step == kUpRight || step == kDownRight) return 1;
        return step == kLeft ? -2 : step == kRight ? 2 : 0;
    }
    /// The square `n` steps in direction `step` from `square`, or 0 when that is off the board.
    static constexpr Square square_after(Square square, int step, int n) {
        return square_at(row_of(square) + n * row_delta(step),
                         column_of(square) + n * column_delta(step));
    }

    /// The squares from which a piece can jump in direction `step`: the square jumped and the
    /// one landed on (one and two steps on) are on the board.
    static constexpr Bitboard jump_from(int step) {
        Bitboard mask = 0;
        for (Square s = 1; s <= kNumSquares; ++s)
            if (square_after(s, step, 2) != 0) mask |= square_bit(s);
        return mask;
    }

    /// Longest possible slide of a king: the long diagonal minus its starting cell.
    static constexpr int kMaxSlide = Size - 1;

    static constexpr int bit_index(Square square) { return board_detail::bit_index<Size>(square); }
    static constexpr Bitboard square_bit(Square square) { return Bitboard{1} << bit_index(square); }

    /// Square number of a bit index, 0 for ghost bits.
    static constexpr std::array<Square, 64> kBitToSquare = board_detail::bit_to_square<Size>();
    static constexpr Square square_of_bit_index(int index) {
        return kBitToSquare[static_cast<std::size_t>(index)];
    }
    static constexpr bool is_valid_square(int square) {
        return square >= 1 && square <= kNumSquares;
    }

    /// All playable squares.
    static constexpr Bitboard kMask = board_detail::board_mask<Size>();

    /// Squares of a row, 1 (squares 1..Size/2, Black's back row) to Size (White's back row).
    static constexpr Bitboard row_mask(int row) { return board_detail::row_mask<Size>(row); }

    /// Rows on which White's and Black's men are promoted, as constants so that the hot paths
    /// load them rather than build them.
    static constexpr Bitboard kWhitePromotionRow = board_detail::row_mask<Size>(1);
    static constexpr Bitboard kBlackPromotionRow = board_detail::row_mask<Size>(Size);

    /// Row on which a man of colour c is promoted: the first row for White, the last for Black.
    static constexpr Bitboard promotion_row(Color c) {
        return c == Color::White ? kWhitePromotionRow : kBlackPromotionRow;
    }

    /// Row of a square, 0 (Black's back row) to Size - 1 (White's back row).
    static constexpr int row_of(Square square) { return (square - 1) / kSquaresPerRow; }
    /// Column of a square, 0 (left, White's side view) to Size - 1: even rows start at column 1.
    static constexpr int column_of(Square square) {
        return 2 * ((square - 1) % kSquaresPerRow) + (row_of(square) % 2 == 0 ? 1 : 0);
    }
    /// The square on (row, column), or 0 when that cell is light or off the board.
    static constexpr Square square_at(int row, int column) {
        if (row < 0 || row >= Size || column < 0 || column >= Size) return 0;
        if ((row + column) % 2 == 0) return 0;
        return row * kSquaresPerRow + column / 2 + 1;
    }

    /// Builds a bitboard from square numbers.
    static constexpr Bitboard squares_mask(std::initializer_list<Square> squares) {
        Bitboard mask = 0;
        for (Square s : squares) mask |= square_bit(s);
        return mask;
    }
};

}  // namespace draughts::rules
