#pragma once

#include <cstdint>

#include "rules/bitboard.hpp"
#include "rules/international.hpp"

namespace draughts::rules {

/// One legal move of variant V: origin, destination and the set of captured pieces. Two capture
/// routes with the same origin, destination and captured set are the same move (the FMJD move
/// identity used by Hub, DXP and the standard perft figures), so equality ignores the route.
/// Where a man is crowned during a capture (Russian), the move also records that it crowns the
/// man: the destination alone cannot tell when the man went on capturing as a king.
template <typename V>
class BasicMove {
  public:
    using Variant = V;
    using Board = typename V::Board;

    /// Trivial so that move lists need no initialisation; `BasicMove{}` is the zero "no move".
    BasicMove() = default;
    constexpr BasicMove(int from_index, int to_index, Bitboard captured, bool crowns = false)
        : captured_(captured),
          from_(static_cast<std::uint8_t>(from_index)),
          to_(static_cast<std::uint8_t>(to_index)),
          crowns_(crowns) {}

    static constexpr BasicMove quiet(Square from, Square to) {
        return BasicMove(Board::bit_index(from), Board::bit_index(to), 0);
    }

    constexpr Square from() const { return Board::square_of_bit_index(from_); }
    constexpr Square to() const { return Board::square_of_bit_index(to_); }
    constexpr int from_index() const { return from_; }
    constexpr int to_index() const { return to_; }
    constexpr Bitboard captured() const { return captured_; }
    constexpr bool is_capture() const { return captured_ != 0; }
    constexpr int capture_count() const { return popcount(captured_); }
    /// True when this capture crowns the moving man because it reached the far row at some
    /// landing, on the way or at the end. Set only where V::kPromoteInCapture (Russian); elsewhere
    /// a man is crowned by ending its move on the far row, which the destination tells.
    constexpr bool crowns_in_capture() const { return crowns_; }
    /// A default-constructed move is "no move".
    constexpr bool is_null() const { return from_ == to_ && captured_ == 0; }

    friend constexpr bool operator==(const BasicMove&, const BasicMove&) = default;

  private:
    Bitboard captured_;
    std::uint8_t from_;
    std::uint8_t to_;
    bool crowns_;  // in the padding: the move stays 16 bytes
};

/// A move of international draughts.
using Move = BasicMove<International>;

}  // namespace draughts::rules
