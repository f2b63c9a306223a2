#pragma once
// The vocabulary of the switches every variant's policy sets (rules/international.hpp and its
// siblings): what wins a game besides taking or blocking everything, and the "no such rule"
// limit of a counted draw rule. The switches themselves are the policies' constants; this header
// only names their types, so that the policies stay one small file each.

#include <limits>

namespace draughts::rules {

/// What decides a game of the variant, besides the draw rules.
enum class GameGoal : unsigned char {
    /// The side to move without a legal move (no pieces, or all blocked) loses [FMJD 7.2.2-3].
    Standard,
    /// The side to move without a legal move wins: antidraughts, "losing" draughts.
    Losing,
    /// The first side to crown a king wins (breakthrough); a side without a move still loses.
    FirstKing,
};

/// The plies of a counted draw rule that a variant does not have: never reached.
inline constexpr int kNoDrawLimit = std::numeric_limits<int>::max();

}  // namespace draughts::rules
