#pragma once
// Keeping only balanced openings: each opening is scored by a shallow engine search, and those
// whose score is within a margin of equality are kept.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/eval_weights.hpp"
#include "engine/search_types.hpp"
#include "harness/openings/opening.hpp"

namespace draughts::harness {

/// How openings are scored: a search limited by depth and/or nodes, with the given weights.
struct BalanceSearch {
    engine::EvalWeights weights;
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::size_t hash_mb = 4;
    int threads = 1;  ///< openings are shared out among this many engines (same scores)
};

/// Search score of each opening in engine units, from the side to move's point of view. Every
/// search starts from a cleared engine (new_game), so a score does not depend on which openings
/// were scored before it: the result is the same in any order and on any number of threads.
std::vector<int> score_openings(const std::vector<Opening>& openings, const BalanceSearch& search);

/// The openings whose |score| <= margin (engine units), in their original order.
std::vector<Opening> keep_balanced(const std::vector<Opening>& openings,
                                   const std::vector<int>& scores, int margin);

}  // namespace draughts::harness
