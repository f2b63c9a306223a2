#pragma once
// Bit operations shared by every board size: the Bitboard word, square numbers, population count,
// lowest-bit access and signed shifts. The layout of the squares in the word is the board's
// business (rules/board.hpp).

#include <bit>
#include <cassert>
#include <cstdint>

namespace draughts::rules {

/// Set of board squares, one bit per square in a board's padded layout (rules/board.hpp).
using Bitboard = std::uint64_t;

/// Square number in FMJD notation: 1..N, row by row from Black's side (square 1 top-left).
using Square = int;

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

/// Shift by a signed diagonal step (positive = down the board, towards the highest squares).
template <int Step>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (Step > 0) {
        return b << Step;
    } else {
        return b >> -Step;
    }
}

/// Shift by a step known only at run time.
constexpr Bitboard shift_by(Bitboard b, int step) { return step > 0 ? b << step : b >> -step; }

}  // namespace draughts::rules
