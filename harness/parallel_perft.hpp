#pragma once

#include <cstdint>

#include "engine/movegen.hpp"
#include "engine/position.hpp"

namespace draughts::harness {

/// engine::perft split over `threads` TBB workers: the tree is expanded a few plies deep and the
/// subtrees are counted in parallel. Gives exactly engine::perft's count; with threads <= 1 (or a
/// shallow depth) it is engine::perft itself. Shared by `draughts perft`, the slow tests and the
/// benchmarks.
std::uint64_t parallel_perft(const engine::Position& root, int depth, int threads,
                             engine::Duplicates duplicates = engine::Duplicates::Drop);

}  // namespace draughts::harness
