#pragma once

#include <cstdint>
#include <vector>

#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace draughts::rules {

/// Number of move sequences of length `depth` from `position` (leaves of the legal move tree).
/// The last ply is counted in bulk, without making the moves.
std::uint64_t perft(const Position& position, int depth, Duplicates duplicates = Duplicates::Drop);

/// Per root move: the move and its subtree count at `depth - 1` (perft "divide").
struct DivideEntry {
    Move move;
    std::uint64_t nodes = 0;
};
std::vector<DivideEntry> perft_divide(const Position& position, int depth,
                                      Duplicates duplicates = Duplicates::Drop);

}  // namespace draughts::rules
