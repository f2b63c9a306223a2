#pragma once
// The 100-square board's names for its geometry (rules/board.hpp, Board<10>): the 50 playable
// squares packed into one 64-bit word with a ghost bit after every two rows, so that each
// diagonal step is a shift by 5 or 6. Code for every board size uses Board<Size> directly.

#include <array>
#include <initializer_list>

#include "rules/bits.hpp"
#include "rules/board.hpp"

namespace draughts::rules {

/// The international (10x10) board.
using Board10 = Board<10>;
/// The 64-square board of the Brazilian and Russian games.
using Board8 = Board<8>;

inline constexpr int kNumSquares = Board10::kNumSquares;

/// Bit index of a square: rows come in pairs of 11 bits (5 + 5 squares + 1 ghost).
constexpr int bit_index(Square square) { return Board10::bit_index(square); }

/// Square number of a bit index, 0 for ghost bits.
inline constexpr std::array<Square, 64> kBitToSquare = Board10::kBitToSquare;

/// All 50 playable squares.
inline constexpr Bitboard kBoardMask = Board10::kMask;

constexpr Bitboard square_bit(Square square) { return Board10::square_bit(square); }
constexpr Square square_of_bit_index(int index) { return Board10::square_of_bit_index(index); }
constexpr bool is_valid_square(int square) { return Board10::is_valid_square(square); }

/// Diagonal steps in bit-index units. "Up" is towards Black's side (squares 1-5).
inline constexpr int kUpLeft = Board10::kUpLeft;
inline constexpr int kUpRight = Board10::kUpRight;
inline constexpr int kDownLeft = Board10::kDownLeft;
inline constexpr int kDownRight = Board10::kDownRight;
inline constexpr std::array<int, 4> kDirections = Board10::kDirections;

/// Squares of a row (1..10, row 1 holds squares 1-5).
constexpr Bitboard row_mask(int row) { return Board10::row_mask(row); }

/// Builds a bitboard from square numbers.
constexpr Bitboard squares_mask(std::initializer_list<Square> squares) {
    return Board10::squares_mask(squares);
}

/// Calls f(square) for every square in b, in increasing square order.
template <typename F>
constexpr void for_each_square(Bitboard b, F&& f) {
    while (b != 0) f(square_of_bit_index(pop_lsb(b)));
}

/// The same on any board: calls f(square) for every square in b, in increasing square order.
template <typename B, typename F>
constexpr void for_each_square_on(Bitboard b, F&& f) {
    while (b != 0) f(B::square_of_bit_index(pop_lsb(b)));
}

}  // namespace draughts::rules
