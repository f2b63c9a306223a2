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
bool move_less(const rules::Move& a, const rules::Move& b);

/// Every distinct position reachable in exactly `plies` plies from a root.
struct GeneratedBook {
    /// One opening per distinct position (same pieces, same side to move), with the smallest
    /// move sequence reaching it (sequences compared move by move with move_less), in the order
    /// of those sequences.
    std::vector<Opening> openings;
    std::uint64_t sequences = 0;  ///< legal move sequences of `plies` plies (perft)
    std::uint64_t finished = 0;   ///< distinct positions left out: the side to move has no move
};

/// Enumerates the positions `plies` plies after `root`. Transpositions are merged as they are
/// found, so the work grows with the number of distinct positions per ply, not with perft.
GeneratedBook generate_book(const rules::Position& root, int plies);

}  // namespace draughts::harness
