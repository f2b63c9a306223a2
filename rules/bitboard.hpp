#pragma once
// The 50 playable squares packed into one 64-bit word with one padding ("ghost") bit after every
// two rows, so that each diagonal step is a shift by 5 or 6 and leaving the board always lands on a
// ghost bit or outside the word.

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

namespace draughts::rules {

/// Set of board squares, one bit per square in the padded layout described above.
using Bitboard = std::uint64_t;

/// Square number in FMJD notation: 1..50, row by row from Black's side (square 1 top-left).
using Square = int;

inline constexpr int kNumSquares = 50;

/// Bit index of a square: rows come in pairs of 11 bits (5 + 5 squares + 1 ghost).
constexpr int bit_index(Square square) {
    const int s = square - 1;
    const int row = s / 5;
    return (row / 2) * 11 + (row % 2) * 5 + s % 5;
}

namespace detail {
constexpr std::array<Square, 64> make_bit_to_square() {
    std::array<Square, 64> table{};
    for (Square s = 1; s <= kNumSquares; ++s) table[static_cast<std::size_t>(bit_index(s))] = s;
    return table;
}
constexpr Bitboard make_board_mask() {
    Bitboard mask = 0;
    for (Square s = 1; s <= kNumSquares; ++s) mask |= Bitboard{1} << bit_index(s);
    return mask;
}
}  // namespace detail

/// Square number of a bit index, 0 for ghost bits.
inline constexpr std::array<Square, 64> kBitToSquare = detail::make_bit_to_square();

/// All 50 playable squares.
inline constexpr Bitboard kBoardMask = detail::make_board_mask();

constexpr Bitboard square_bit(Square square) { return Bitboard{1} << bit_index(square); }
constexpr Square square_of_bit_index(int index) {
    return kBitToSquare[static_cast<std::size_t>(index)];
}
constexpr bool is_valid_square(int square) { return square >= 1 && square <= kNumSquares; }

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr int lsb_index(Bitboard b) {
    assert(b != 0);
    return std::countr_zero(b);
}
/// Clears the lowest set bit and returns its index.
constexpr int pop_lsb(Bitboard& b) {
    const int index = lsb_index(b);
    b &= b - 1;
    return index;
}

/// Shift by a signed diagonal step (positive = towards square 50, i.e. down the board).
template <int Step>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (Step > 0) {
        return b << Step;
    } else {
        return b >> -Step;
    }
}

/// Diagonal steps in bit-index units. "Up" is towards Black's side (squares 1-5).
inline constexpr int kUpLeft = -6;
inline constexpr int kUpRight = -5;
inline constexpr int kDownLeft = 5;
inline constexpr int kDownRight = 6;
inline constexpr std::array<int, 4> kDirections = {kUpLeft, kUpRight, kDownLeft, kDownRight};

/// Squares of a row (1..10, row 1 holds squares 1-5).
constexpr Bitboard row_mask(int row) {
    Bitboard mask = 0;
    for (int i = 0; i < 5; ++i) mask |= square_bit((row - 1) * 5 + 1 + i);
    return mask;
}

/// Builds a bitboard from square numbers.
constexpr Bitboard squares_mask(std::initializer_list<Square> squares) {
    Bitboard mask = 0;
    for (Square s : squares) mask |= square_bit(s);
    return mask;
}

/// Calls f(square) for every square in b, in increasing square order.
template <typename F>
constexpr void for_each_square(Bitboard b, F&& f) {
    while (b != 0) f(square_of_bit_index(pop_lsb(b)));
}

}  // namespace draughts::rules
