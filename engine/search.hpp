#pragma once
// The search behind Engine: iterative deepening over a principal-variation alpha-beta search with
// a capture quiescence search, transposition table, hash move, killer and history ordering,
// late-move reductions, single-reply extensions, repetition and FMJD draw-rule detection, and
// win/loss scores by distance. Internal to the engine; callers use engine.hpp.

#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "common/time_source.hpp"
#include "egdb/database.hpp"
#include "engine/eval_weights.hpp"
#include "engine/search_types.hpp"
#include "engine/time_manager.hpp"
#include "engine/transposition_table.hpp"

namespace draughts::engine {

inline constexpr int kMaxPly = 128;
inline constexpr int kMaxSearchDepth = 100;

/// Everything an Engine keeps between searches.
class SearchState {
  public:
    /// `time_source` is not owned; null means the real steady clock.
    SearchState(std::size_t hash_mb, EvalWeights weights, const TimeSource* time_source);

    EvalWeights weights;
    TranspositionTable tt;
    const TimeSource* time_source;  ///< never null
    /// History heuristic: [side][from bit][to bit].
    std::vector<std::int32_t> history;
    /// Endgame database probed at the root and at every node it covers; may be null.
    std::shared_ptr<const egdb::Database> egdb;

    void clear_history();
    std::int32_t& history_at(int side, int from, int to) {
        return history[(static_cast<std::size_t>(side) * 64 + static_cast<std::size_t>(from)) * 64 +
                       static_cast<std::size_t>(to)];
    }
};

/// Runs one search over a SearchState; stops on the limits, `stop` or the limits' stop flag.
SearchResult run_search(SearchState& state, const rules::Position& root,
                        const SearchHistory& history, const SearchLimits& limits,
                        const InfoCallback& on_info, const std::atomic<bool>& stop);

}  // namespace draughts::engine
