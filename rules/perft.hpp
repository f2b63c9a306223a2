#pragma once

#include <cstdint>
#include <vector>

#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace draughts::rules {

/// Number of move sequences of length `depth` from `position` (leaves of the legal move tree).
/// The last ply is counted in bulk, without making the moves.
template <typename V>
std::uint64_t perft(const BasicPosition<V>& position, int depth,
                    Duplicates duplicates = Duplicates::Drop);

/// Per root move: the move and its subtree count at `depth - 1` (perft "divide").
template <typename V>
struct BasicDivideEntry {
    BasicMove<V> move;
    std::uint64_t nodes = 0;
};
using DivideEntry = BasicDivideEntry<International>;

template <typename V>
std::vector<BasicDivideEntry<V>> perft_divide(const BasicPosition<V>& position, int depth,
                                              Duplicates duplicates = Duplicates::Drop);

}  // namespace draughts::rules
