#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "rules/bitboard.hpp"
#include "rules/color.hpp"
#include "rules/move.hpp"

namespace draughts::rules {

/// Kind of piece on a square.
enum class Piece : unsigned char { None, WhiteMan, BlackMan, WhiteKing, BlackKing };

/// The counts of a variant that limits a king's quiet moves in a row (Frisian [FRS 6]): per side,
/// the bit index of the king that made its last quiet moves and how many in a row it made. A
/// man move or a capture ends the run, and a side without men has none (the rule does not apply
/// to it), so that positions that allow the same moves compare equal.
struct KingMoveRuns {
    static constexpr std::uint8_t kNone = 0xFF;
    std::array<std::uint8_t, 2> king{kNone, kNone};
    std::array<std::uint8_t, 2> count{0, 0};
    friend constexpr bool operator==(const KingMoveRuns&, const KingMoveRuns&) = default;
};

/// What a position carries besides its pieces in variants that need nothing more.
struct NoRuns {
    friend constexpr bool operator==(const NoRuns&, const NoRuns&) = default;
};

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

    /// Where the variant limits a king's quiet moves in a row (V::kKingMoveLimit, Frisian): how
    /// many quiet moves in a row side c has made with the king on bit king_in_run(c) (-1: none).
    /// Zero and -1 in every other variant, and in a position read from FEN or a Hub string,
    /// which do not carry them: a game replayed from its start does.
    constexpr int king_run_length(Color c) const {
        if constexpr (kHasRuns) {
            return runs_.count[static_cast<std::size_t>(index_of(c))];
        } else {
            return 0;
        }
    }
    constexpr int king_in_run(Color c) const {
        if constexpr (kHasRuns) {
            const auto king = runs_.king[static_cast<std::size_t>(index_of(c))];
            return king == KingMoveRuns::kNone ? -1 : king;
        } else {
            return -1;
        }
    }

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
               a.side_ == b.side_ && a.runs_ == b.runs_;
    }

  private:
    static constexpr bool kHasRuns = V::kKingMoveLimit > 0;
    using Runs = std::conditional_t<kHasRuns, KingMoveRuns, NoRuns>;

    /// The runs after `move` (from this position) led to `next`, and the hash's change.
    std::uint64_t update_runs(BasicPosition& next, const MoveType& move, bool was_king) const;

    Bitboard white_ = 0;
    Bitboard black_ = 0;
    Bitboard kings_ = 0;
    std::uint64_t hash_ = 0;
    Color side_ = Color::White;
    [[no_unique_address]] Runs runs_{};
};

/// A position of international draughts.
using Position = BasicPosition<International>;

/// Row on which a man of colour c is promoted: row 1 (1-5) for White, row 10 (46-50) for Black.
constexpr Bitboard promotion_row(Color c) { return Board10::promotion_row(c); }

}  // namespace draughts::rules
