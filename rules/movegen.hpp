#pragma once

#include <cstdint>

#include "rules/move_list.hpp"
#include "rules/position.hpp"

namespace draughts::rules {

/// How capture sequences that differ only in their route are treated.
enum class Duplicates : unsigned char {
    Drop,  ///< FMJD move identity: same from, to and captured set is one move (the standard).
    Keep,  ///< One move per route, as some generators count (for comparing perft figures).
};

/// Fills `moves` with every legal move of the side to move: captures only when one exists
/// (compulsory [FMJD 4.1]) and then only those taking the most pieces (majority rule [4.13]).
void generate_moves(const Position& position, MoveList& moves,
                    Duplicates duplicates = Duplicates::Drop);

/// True when the side to move has a capture (so the position is not quiet).
bool has_capture(const Position& position);

// The two counting functions below are defined in bulk_count.cpp.

/// Number of legal two-ply sequences (perft 2), counted without building the child positions.
std::uint64_t count_two_ply(const Position& position, Duplicates duplicates = Duplicates::Drop);

/// Number of legal moves; cheaper than generating them when there is no capture (bulk counting).
int count_moves(const Position& position, Duplicates duplicates = Duplicates::Drop);

}  // namespace draughts::rules
