#pragma once
// The search behind Engine: iterative deepening over a principal-variation alpha-beta search with
// a capture quiescence search, transposition table, hash move, killer and history ordering,
// late-move reductions, single-reply extensions, repetition and the variant's draw rules, and
// win/loss scores by distance, for every variant (a template over the policy V). Internal to the
// engine; callers use engine.hpp.

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "common/time_source.hpp"
#include "egdb/database.hpp"
#include "engine/eval_weights.hpp"
#include "engine/network.hpp"
#include "engine/search_parameters.hpp"
#include "engine/search_types.hpp"
#include "engine/time_manager.hpp"
#include "engine/transposition_table.hpp"

namespace draughts::engine {

inline constexpr int kMaxPly = 128;
inline constexpr int kMaxSearchDepth = 100;

/// A principal variation collected on the way back up the tree (triangular PV table row).
template <typename V>
struct PvLine {
    int length = 0;
    std::array<rules::BasicMove<V>, kMaxPly + 1> moves;
};
template <typename V>
using PvTable = std::array<PvLine<V>, kMaxPly + 2>;

/// Everything an engine of variant V keeps between searches.
template <typename V>
class SearchState {
  public:
    /// `time_source` is not owned; null means the real steady clock.
    SearchState(std::size_t hash_mb, BasicEvalWeights<V> weights, const TimeSource* time_source,
                SearchParameters parameters = {});

    BasicEvalWeights<V> weights;
    SearchParameters search;
    TranspositionTable tt;
    const TimeSource* time_source;  ///< never null
    /// History heuristic: [side][from bit][to bit].
    std::vector<std::int32_t> history;
    /// Endgame database probed at the root and at every node it covers; may be null, and is
    /// always null unless kHasEndgameDatabase<V>.
    std::shared_ptr<const egdb::Database> egdb;
    /// The score of the last search and the side it was for (the time manager gives more time
    /// when the score has dropped since the engine's previous move); cleared by a new game.
    std::optional<std::pair<rules::Color, int>> last_score;
    /// The triangular PV table a search fills (only the first `length` moves of a line are ever
    /// read; each search sets every length to 0). Kept here, allocated once per engine: a table
    /// of some 280 KB allocated and zeroed by every search cost little in an optimised build but
    /// most of a game's time under ThreadSanitizer, which shadows every store and page.
    std::unique_ptr<PvTable<V>> pv;
    /// The evaluation network (engine/network.hpp); null: the pattern evaluation of `weights`.
    std::shared_ptr<const Network> network;
    /// The network's accumulators of the position at each ply of the current line, updated move
    /// by move (kMaxPly + 2 entries while a network is set, else empty).
    std::vector<NetworkAccumulators> accumulators;

    /// Sets the network (null: none) and sizes the accumulator stack for it.
    void set_network(std::shared_ptr<const Network> net);

    void clear_history();
    std::int32_t& history_at(int side, int from, int to) {
        return history[(static_cast<std::size_t>(side) * 64 + static_cast<std::size_t>(from)) * 64 +
                       static_cast<std::size_t>(to)];
    }
};

/// Runs one search over a SearchState; stops on the limits, `stop` or the limits' stop flag.
/// Defined for the variants of rules/variant_list.hpp.
template <typename V>
BasicSearchResult<V> run_search(SearchState<V>& state, const rules::BasicPosition<V>& root,
                                const BasicSearchHistory<V>& history, const SearchLimits& limits,
                                const BasicInfoCallback<V>& on_info, const std::atomic<bool>& stop);

}  // namespace draughts::engine
