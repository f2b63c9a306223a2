#pragma once

#include <cstdint>
#include <vector>

#include "harness/openings/opening.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::harness {

/// The stable order of moves used to order generated books: by origin square, then destination
/// square, then the captured squares in increasing order (all FMJD square numbers), so the order
/// does not depend on how the move generator lists moves.
template <typename V>
bool move_less(const rules::BasicMove<V>& a, const rules::BasicMove<V>& b);

/// Every distinct position of variant V reachable in exactly `plies` plies from a root.
template <typename V>
struct BasicGeneratedBook {
    /// One opening per distinct position (same pieces, same side to move), with the smallest
    /// move sequence reaching it (sequences compared move by move with move_less), in the order
    /// of those sequences.
    std::vector<BasicOpening<V>> openings;
    std::uint64_t sequences = 0;  ///< legal move sequences of `plies` plies (perft)
    std::uint64_t finished = 0;   ///< distinct positions left out: the side to move has no move
};

/// Enumerates the positions `plies` plies after `root`. Transpositions are merged as they are
/// found, so the work grows with the number of distinct positions per ply, not with perft.
/// Defined (as move_less) for the variants of rules/variant_list.hpp.
template <typename V>
BasicGeneratedBook<V> generate_book(const rules::BasicPosition<V>& root, int plies);

/// The generated book of international draughts.
using GeneratedBook = BasicGeneratedBook<rules::International>;

}  // namespace draughts::harness
