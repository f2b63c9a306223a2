#pragma once
// The engine: an alpha-beta searcher with its own hash table, weights and stop flag. No globals:
// many engines run side by side on different threads (one thread per engine). One engine plays
// one variant, a template argument (rules/variant.hpp turns a run-time choice into it).

#include <atomic>
#include <cstddef>
#include <memory>

#include "common/time_source.hpp"
#include "egdb/database.hpp"
#include "engine/builtin_weights.hpp"
#include "engine/eval_weights.hpp"
#include "engine/network.hpp"
#include "engine/search_parameters.hpp"
#include "engine/search_types.hpp"
#include "engine/time_manager.hpp"

namespace draughts::engine {

/// Stands in for the endgame database option of variants that have none: assigning a database
/// to it does not compile.
struct NoEndgameDatabase {};

/// The endgame database option of variant V's engine (egdb/ covers international only).
template <typename V>
using EndgameDatabaseOption =
    std::conditional_t<kHasEndgameDatabase<V>, std::shared_ptr<const egdb::Database>,
                       NoEndgameDatabase>;

/// Construction options of an engine of variant V.
template <typename V>
struct BasicEngineOptions {
    std::size_t hash_mb = 16;
    /// The evaluation weights; by default the program's built-in ones (builtin_weights.hpp).
    BasicEvalWeights<V> weights = builtin_weights<V>();
    /// Clock used for time limits and reports, not owned (it must outlive the engine); null means
    /// the real steady clock.
    const TimeSource* time_source = nullptr;
    /// Endgame database probed in search (none: no probing). Shared by every engine that uses it.
    /// International only.
    [[no_unique_address]] EndgameDatabaseOption<V> egdb{};
    /// The search's and the time manager's constants (defaults: the engine as developed).
    SearchParameters search{};
    /// The evaluation network (engine/network.hpp) used instead of the weights; null: none.
    /// Shared by every engine that uses it.
    std::shared_ptr<const Network> network{};
};

template <typename V>
class SearchState;

/// A draughts engine of variant V. search() is deterministic for depth- and node-limited
/// searches: the same weights, hash size, root, history and limits, after the same earlier
/// searches since the last new_game() (or construction), give the same move, score and node
/// count. Defined for the variants of rules/variant_list.hpp.
template <typename V>
class BasicEngine {
  public:
    using Variant = V;
    using Options = BasicEngineOptions<V>;
    using Weights = BasicEvalWeights<V>;

    explicit BasicEngine(Options options = {});
    ~BasicEngine();
    BasicEngine(const BasicEngine&) = delete;
    BasicEngine& operator=(const BasicEngine&) = delete;

    /// Replaces the evaluation weights (and clears the hash table, whose scores are stale).
    void set_weights(const Weights& weights);
    const Weights& weights() const;
    /// Replaces the search's and the time manager's parameters (from the next search on).
    void set_search_parameters(const SearchParameters& parameters);
    const SearchParameters& search_parameters() const;
    /// Resizes (and clears) the hash table. Throws std::bad_alloc, keeping the old table, when
    /// the memory cannot be had.
    void set_hash_size(std::size_t megabytes);
    /// Reads time from `source` from now on (not owned; null: the real steady clock).
    void set_time_source(const TimeSource* source);
    /// Replaces the endgame database (nullptr: none) and clears the hash table. International
    /// only: the databases hold 10x10 endings.
    void set_egdb(std::shared_ptr<const egdb::Database> database) requires kHasEndgameDatabase<V>;
    /// Evaluates with `network` instead of the weights (nullptr: the weights again) and clears
    /// the hash table. Throws std::invalid_argument for a network of another variant.
    void set_network(std::shared_ptr<const Network> network);
    const Network* network() const;
    /// Forgets everything learned in earlier searches (hash table, move-ordering tables).
    void new_game();

    /// Searches `root` within `limits`, calling `on_info` after every completed iteration.
    /// Returns a legal move whenever the root has one, even when stopped at once.
    BasicSearchResult<V> search(const rules::BasicPosition<V>& root,
                                const BasicSearchHistory<V>& history, const SearchLimits& limits,
                                const BasicInfoCallback<V>& on_info = {});

    /// Asks the running search to return as soon as possible. Thread-safe. Each search() clears
    /// the request when it starts; see SearchLimits::stop_flag for races with a starting search.
    void stop();

  private:
    std::unique_ptr<SearchState<V>> state_;
    std::atomic<bool> stop_requested_{false};
};

/// The engine and its options for international draughts, the names the harness, the tuner and
/// the DXP front end use.
using EngineOptions = BasicEngineOptions<rules::International>;
using Engine = BasicEngine<rules::International>;

}  // namespace draughts::engine
