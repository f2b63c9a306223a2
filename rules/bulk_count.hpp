#pragma once
// Bulk counting on bare bitboards, for the perft recursion (perft.cpp); the Position-level entry
// points count_moves and count_two_ply are declared in movegen.hpp. `own` holds the pieces of the
// side to move (colour Us), `enemies` the opponent's, `kings` the kings of both sides. Defined in
// bulk_count.cpp for the variants of rules/variant.hpp.

#include <cstdint>

#include "rules/bitboard.hpp"
#include "rules/color.hpp"
#include "rules/movegen.hpp"
#include "rules/rule_switches.hpp"

namespace draughts::rules::detail {

/// Whether the bitboard bulk counting below and the perft recursion on bare bitboards serve
/// variant V. They follow the switches of men capturing forwards, short kings, the majority by
/// count, crowning during a capture and the killer rule; a variant with orthogonal captures or a
/// majority by value (Frisian), with runs of king moves that three bitboards do not hold, or
/// whose game ends with the first king (breakthrough) counts by generating its moves instead.
template <typename V>
inline constexpr bool kBulkCounting = !V::kOrthogonalCaptures && !V::kCaptureValue &&
                                      V::kKingMoveLimit == 0 && V::kGoal != GameGoal::FirstKing;

/// Number of legal moves of the side to move (perft 1). For a variant without kBulkCounting the
/// moves are generated (from a position without runs of king moves).
template <typename V, Color Us>
int count_on(Bitboard own, Bitboard enemies, Bitboard kings, Duplicates duplicates);

/// Number of legal two-ply sequences (perft 2), without building the child positions.
template <typename V, Color Us>
std::uint64_t count_two_on(Bitboard own, Bitboard enemies, Bitboard kings, Duplicates duplicates);

}  // namespace draughts::rules::detail
