#pragma once

#include <cstdint>

#include "rules/bitboard.hpp"

namespace draughts::rules {

/// One legal move: origin, destination and the set of captured pieces. Two capture routes with
/// the same origin, destination and captured set are the same move (the FMJD move identity used
/// by Hub, DXP and the standard perft figures), so equality ignores the route.
class Move {
  public:
    /// Trivial so that move lists need no initialisation; `Move{}` is the zero "no move".
    Move() = default;
    constexpr Move(int from_index, int to_index, Bitboard captured)
        : captured_(captured),
          from_(static_cast<std::uint8_t>(from_index)),
          to_(static_cast<std::uint8_t>(to_index)) {}

    static constexpr Move quiet(Square from, Square to) {
        return Move(bit_index(from), bit_index(to), 0);
    }

    constexpr Square from() const { return square_of_bit_index(from_); }
    constexpr Square to() const { return square_of_bit_index(to_); }
    constexpr int from_index() const { return from_; }
    constexpr int to_index() const { return to_; }
    constexpr Bitboard captured() const { return captured_; }
    constexpr bool is_capture() const { return captured_ != 0; }
    constexpr int capture_count() const { return popcount(captured_); }
    /// A default-constructed move is "no move".
    constexpr bool is_null() const { return from_ == to_ && captured_ == 0; }

    friend constexpr bool operator==(const Move&, const Move&) = default;

  private:
    Bitboard captured_;
    std::uint8_t from_;
    std::uint8_t to_;
};

}  // namespace draughts::rules
