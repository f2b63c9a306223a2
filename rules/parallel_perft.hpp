#pragma once

#include <cstdint>

#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace draughts::rules {

/// rules::perft split over `threads` TBB workers: the tree is expanded a few plies deep and the
/// subtrees are counted in parallel. Gives exactly rules::perft's count; with threads <= 1 (or a
/// shallow depth) it is rules::perft itself. Shared by `draughts perft`, the slow tests and the
/// benchmarks.
template <typename V>
std::uint64_t parallel_perft(const BasicPosition<V>& root, int depth, int threads,
                             Duplicates duplicates = Duplicates::Drop);

}  // namespace draughts::rules
