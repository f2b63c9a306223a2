#pragma once

#include <string>
#include <vector>

#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::harness {

/// One opening of a book: the position games start from and, when the book knows it, the moves
/// that led there from `root`, so that game records can show how the opening arose.
struct Opening {
    rules::Position position;        ///< where games start
    rules::Position root;            ///< where `moves` start; equals `position` when no moves
    std::vector<rules::Move> moves;  ///< plies from `root` to `position`, empty when unknown
    std::string source;              ///< "file:line" it was read from (empty when generated)
};

/// An opening without known moves.
Opening opening_at(const rules::Position& position, std::string source = {});

/// The opening reached by playing `moves` (legal, in order) from `root`.
Opening opening_after(const rules::Position& root, std::vector<rules::Move> moves,
                      std::string source = {});

/// The moves of an opening in PDN notation, one string per ply (short form unless ambiguous).
std::vector<std::string> opening_move_texts(const Opening& opening);

/// The moves joined by single spaces, e.g. "32-28 18-23"; empty when there are none.
std::string opening_moves_text(const Opening& opening);

}  // namespace draughts::harness
