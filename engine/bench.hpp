#pragma once
// A fixed search workload: every position of a fixed set searched to a fixed depth from a fresh
// hash table. The total node count is a signature of the search: any change to move generation,
// evaluation, ordering or pruning changes it, so a test compares it with a stored value.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/builtin_weights.hpp"
#include "engine/eval_weights.hpp"
#include "engine/network.hpp"
#include "engine/search_parameters.hpp"
#include "engine/search_types.hpp"

namespace draughts::engine {

/// The bench positions of variant V (FEN): openings, middle games and endgames from the engine's
/// own games. A variant without its own list benches its initial position.
template <typename V = rules::International>
const std::vector<std::string_view>& bench_positions();

/// One searched position.
template <typename V>
struct BasicBenchEntry {
    std::string_view fen;
    BasicSearchResult<V> result;
};

/// All results of one bench run of variant V.
template <typename V>
struct BasicBenchResult {
    std::vector<BasicBenchEntry<V>> entries;
    std::uint64_t nodes = 0;  ///< the signature
    double seconds = 0.0;     ///< measured with the real clock

    double nodes_per_second() const {
        return seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;
    }
};

inline constexpr int kDefaultBenchDepth = 10;

using BenchEntry = BasicBenchEntry<rules::International>;
using BenchResult = BasicBenchResult<rules::International>;

/// Searches every bench position of V to `depth` with an engine of `hash_mb`, `weights` (or
/// `network`, when not null) and `search`, calling new_game() before each position so that
/// results do not depend on the order.
template <typename V>
BasicBenchResult<V> run_bench(int depth, std::size_t hash_mb, const BasicEvalWeights<V>& weights,
                              std::shared_ptr<const Network> network = nullptr,
                              const SearchParameters& search = {});

/// The international bench (its node count is the signature `draughts bench` prints).
inline BenchResult run_bench(int depth = kDefaultBenchDepth, std::size_t hash_mb = 16,
                             const EvalWeights& weights = builtin_weights<rules::International>()) {
    return run_bench<rules::International>(depth, hash_mb, weights);
}

}  // namespace draughts::engine
