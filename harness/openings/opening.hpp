#pragma once

#include <string>
#include <vector>

#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::harness {

/// One opening of a book of variant V: the position games start from and, when the book knows it,
/// the moves that led there from `root`, so that game records can show how the opening arose.
template <typename V>
struct BasicOpening {
    rules::BasicPosition<V> position;  ///< where games start
    rules::BasicPosition<V> root;      ///< where `moves` start; equals `position` when no moves
    std::vector<rules::BasicMove<V>>
        moves;           ///< plies from `root` to `position`, empty when unknown
    std::string source;  ///< "file:line" it was read from (empty when generated)
};

/// An opening of international draughts.
using Opening = BasicOpening<rules::International>;

// The functions below are defined for the variants of rules/variant_list.hpp.

/// An opening without known moves.
template <typename V>
BasicOpening<V> opening_at(const rules::BasicPosition<V>& position, std::string source = {});

/// The opening reached by playing `moves` (legal, in order) from `root`.
template <typename V>
BasicOpening<V> opening_after(const rules::BasicPosition<V>& root,
                              std::vector<rules::BasicMove<V>> moves, std::string source = {});

/// The moves of an opening in PDN notation, one string per ply (short form unless ambiguous).
template <typename V>
std::vector<std::string> opening_move_texts(const BasicOpening<V>& opening);

/// The moves joined by single spaces, e.g. "32-28 18-23"; empty when there are none.
template <typename V>
std::string opening_moves_text(const BasicOpening<V>& opening);

}  // namespace draughts::harness
