#pragma once
// A fixed search workload: every position of a fixed set searched to a fixed depth from a fresh
// hash table. The total node count is a signature of the search: any change to move generation,
// evaluation, ordering or pruning changes it, so a test compares it with a stored value.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/eval_weights.hpp"
#include "engine/search_types.hpp"

namespace draughts::engine {

/// The bench positions (FEN): openings, middle games and endgames from the engine's own games.
const std::vector<std::string_view>& bench_positions();

/// One searched position.
struct BenchEntry {
    std::string_view fen;
    SearchResult result;
};

/// All results of one bench run.
struct BenchResult {
    std::vector<BenchEntry> entries;
    std::uint64_t nodes = 0;  ///< the signature
    double seconds = 0.0;     ///< measured with the real clock

    double nodes_per_second() const {
        return seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;
    }
};

inline constexpr int kDefaultBenchDepth = 10;

/// Searches every bench position to `depth` with an Engine of `hash_mb` and `weights`, calling
/// new_game() before each position so that results do not depend on the order.
BenchResult run_bench(int depth = kDefaultBenchDepth, std::size_t hash_mb = 16,
                      const EvalWeights& weights = EvalWeights{});

}  // namespace draughts::engine
