#pragma once
// The legal moves of a position as the rulebooks and the tests write them: short notation,
// sorted, so that a test states the exact list a rule allows.

#include <algorithm>
#include <string>
#include <vector>

#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace draughts::rules::test {

/// Every legal move in short notation ("32-28", "19x30"), sorted; repeats kept, so that a
/// duplicate would show.
template <typename V>
std::vector<std::string> sorted_short_moves(const BasicPosition<V>& position,
                                            Duplicates duplicates = Duplicates::Drop) {
    BasicMoveList<V> moves;
    generate_moves(position, moves, duplicates);
    std::vector<std::string> out;
    for (const BasicMove<V>& m : moves) out.push_back(to_short_notation(m));
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace draughts::rules::test
