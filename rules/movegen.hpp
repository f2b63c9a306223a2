#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "rules/move_list.hpp"
#include "rules/position.hpp"

namespace draughts::rules {

/// How capture sequences that differ only in their route are treated.
enum class Duplicates : unsigned char {
    Drop,  ///< FMJD move identity: same from, to and captured set is one move (the standard).
    Keep,  ///< One move per route, as some generators count (for comparing perft figures).
};

/// Why Duplicates::Keep is refused in a variant whose pieces also capture along rows and columns
/// (Frisian): two landing paths of a flying king can take the same pieces in the same order, so
/// the generator's routes are not the routes of published counts (one per origin, destination
/// and pieces in jump order). Moves (Duplicates::Drop) are unaffected.
inline std::string routes_not_counted(std::string_view variant) {
    return "capture routes (--keep-duplicates) are not counted in " + std::string(variant) +
           ": along rows and columns two landing paths can take the same pieces in the same "
           "order; count moves instead (docs/variants.md#frisian-draughts-and-frysk)";
}

/// Fills `moves` with every legal move of the side to move: captures only when one exists
/// (compulsory [FMJD 4.1]) and then only those taking the most pieces where the variant has the
/// majority rule ([FMJD 4.13]; Russian: every complete capture sequence). Defined for the
/// variants of rules/variant.hpp.
template <typename V>
void generate_moves(const BasicPosition<V>& position, BasicMoveList<V>& moves,
                    Duplicates duplicates = Duplicates::Drop);

/// True when the side to move has a capture (so the position is not quiet).
template <typename V>
bool has_capture(const BasicPosition<V>& position);

/// True when the side not to move would have a capture if it were its turn: a threat that a
/// static evaluation of the position cannot see.
template <typename V>
bool opponent_has_capture(const BasicPosition<V>& position);

// The two counting functions below are defined in bulk_count.cpp.

/// Number of legal two-ply sequences (perft 2), counted without building the child positions.
template <typename V>
std::uint64_t count_two_ply(const BasicPosition<V>& position,
                            Duplicates duplicates = Duplicates::Drop);

/// Number of legal moves; cheaper than generating them when there is no capture (bulk counting).
template <typename V>
int count_moves(const BasicPosition<V>& position, Duplicates duplicates = Duplicates::Drop);

}  // namespace draughts::rules
