#pragma once
// Bulk counting on bare bitboards, for the perft recursion (perft.cpp); the Position-level entry
// points count_moves and count_two_ply are declared in movegen.hpp. `own` holds the pieces of the
// side to move (colour Us), `enemies` the opponent's, `kings` the kings of both sides. Defined in
// bulk_count.cpp for the variants of rules/variant.hpp.

#include <cstdint>

#include "rules/bitboard.hpp"
#include "rules/color.hpp"
#include "rules/movegen.hpp"

namespace draughts::rules::detail {

/// Number of legal moves of the side to move (perft 1).
template <typename V, Color Us>
int count_on(Bitboard own, Bitboard enemies, Bitboard kings, Duplicates duplicates);

/// Number of legal two-ply sequences (perft 2), without building the child positions.
template <typename V, Color Us>
std::uint64_t count_two_on(Bitboard own, Bitboard enemies, Bitboard kings, Duplicates duplicates);

}  // namespace draughts::rules::detail
