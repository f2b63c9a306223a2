#pragma once

#include <cstdint>
#include <optional>

#include "rules/bitboard.hpp"
#include "rules/color.hpp"
#include "rules/move.hpp"

namespace draughts::rules {

/// Kind of piece on a square.
enum class Piece : unsigned char { None, WhiteMan, BlackMan, WhiteKing, BlackKing };

/// A board position of variant V with the side to move: a small trivially copyable value. Moves
/// do not modify a position; `after(move)` returns the next one, with its Zobrist hash updated
/// incrementally. Instantiated for the variants of rules/variant.hpp (position.cpp).
template <typename V>
class BasicPosition {
  public:
    using Variant = V;
    using Board = typename V::Board;
    using MoveType = BasicMove<V>;

    /// Empty board, White to move.
    constexpr BasicPosition() = default;

    /// The initial position: Black's men on the first squares, White's on the last ones, White
    /// to move (1-20 and 31-50 on the 100-square board [FMJD 3.3], 1-12 and 21-32 on 64).
    static BasicPosition initial();

    /// Builds a position from piece sets. Sets must be disjoint subsets of the board; kings must be
    /// a subset of white | black.
    static BasicPosition from_bitboards(Bitboard white, Bitboard black, Bitboard kings,
                                        Color to_move);

    constexpr Bitboard pieces(Color c) const { return c == Color::White ? white_ : black_; }
    constexpr Bitboard white() const { return white_; }
    constexpr Bitboard black() const { return black_; }
    constexpr Bitboard kings() const { return kings_; }
    constexpr Bitboard men() const { return (white_ | black_) & ~kings_; }
    constexpr Bitboard men(Color c) const { return pieces(c) & ~kings_; }
    constexpr Bitboard kings(Color c) const { return pieces(c) & kings_; }
    constexpr Bitboard occupied() const { return white_ | black_; }
    constexpr Bitboard empty() const { return Board::kMask & ~occupied(); }
    constexpr Color side_to_move() const { return side_; }
    constexpr std::uint64_t hash() const { return hash_; }

    Piece piece_at(Square square) const;

    /// The position after `move`, which must be legal here. A man that ends its move on the far
    /// row is promoted [FMJD 3.5], and so is one that a capture crowned on the way where the
    /// variant says so (Russian); captured pieces are removed only now, after the whole capture
    /// [FMJD 4.11].
    BasicPosition after(const MoveType& move) const;

    /// Same position with the other side to move (used by evaluation and tests).
    BasicPosition with_side_to_move(Color c) const;

    /// Hash recomputed from scratch; equals hash() for every reachable position.
    std::uint64_t compute_hash() const;

    friend constexpr bool operator==(const BasicPosition& a, const BasicPosition& b) {
        return a.white_ == b.white_ && a.black_ == b.black_ && a.kings_ == b.kings_ &&
               a.side_ == b.side_;
    }

  private:
    Bitboard white_ = 0;
    Bitboard black_ = 0;
    Bitboard kings_ = 0;
    std::uint64_t hash_ = 0;
    Color side_ = Color::White;
};

/// A position of international draughts.
using Position = BasicPosition<International>;

/// Row on which a man of colour c is promoted: row 1 (1-5) for White, row 10 (46-50) for Black.
constexpr Bitboard promotion_row(Color c) { return Board10::promotion_row(c); }

}  // namespace draughts::rules
