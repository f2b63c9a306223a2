#pragma once
// An exhaustive material minimax over the reference move rules (reference_rules.hpp), to confirm
// golden search data independently of engine/ and of the bitboard rules core: every legal move
// is searched to a fixed depth, with no pruning beyond alpha-beta, no hash table and no move
// ordering; beyond the depth, captures are played out (they are compulsory) until the side to
// move has a quiet position, which scores its material: man 1, king 3. A side without a legal
// move has lost. Slow and plain on purpose.

#include <cstdint>
#include <optional>
#include <string_view>

#include "tests/support/reference_rules.hpp"

namespace draughts::testing {

/// Value of a man and of a king, in men.
inline constexpr int kOracleMan = 1;
inline constexpr int kOracleKing = 3;
/// Score of the side to move when it has no legal move: beyond any material difference.
inline constexpr int kOracleLoss = 1000;

/// Reads a FEN such as "W:W31-50:B1-20" or "B:WK3,28:B5,K47" (K before a square or range makes
/// kings; ranges a-b) into a reference board; nullopt when it is malformed. It shares no code
/// with rules/fen so that golden data is read independently too.
std::optional<RefBoard> ref_board_from_fen(std::string_view fen);

/// Material of the side to move minus the opponent's (man 1, king 3).
int ref_material(const RefBoard& board);

/// The fixed-depth material minimax described at the top of this file.
class MaterialOracle {
  public:
    /// Value of `board` for its side to move after `depth` plies (then captures resolved),
    /// fail-hard within [alpha, beta]: alpha means "at most alpha", beta "at least beta".
    int search(const RefBoard& board, int depth, int alpha, int beta);

    /// True when playing `move` in `board` is worth at least `bound` to the mover, searched to
    /// `depth` plies in all (the move is the first of them).
    bool move_value_at_least(const RefBoard& board, const RefMove& move, int depth, int bound);
    /// True when playing `move` is worth at most `bound` (same depth convention).
    bool move_value_at_most(const RefBoard& board, const RefMove& move, int depth, int bound);

    /// Positions visited so far (for test budgets and failure messages).
    std::uint64_t nodes() const { return nodes_; }

  private:
    std::uint64_t nodes_ = 0;
};

}  // namespace draughts::testing
