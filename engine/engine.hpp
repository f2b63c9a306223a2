#pragma once
// The engine: an alpha-beta searcher with its own hash table, weights and stop flag. No globals:
// many Engine objects run side by side on different threads (one thread per Engine).

#include <atomic>
#include <cstddef>
#include <memory>

#include "common/time_source.hpp"
#include "egdb/database.hpp"
#include "engine/eval_weights.hpp"
#include "engine/search_types.hpp"
#include "engine/time_manager.hpp"

namespace draughts::engine {

/// Construction options of an Engine.
struct EngineOptions {
    std::size_t hash_mb = 16;
    EvalWeights weights;
    /// Clock used for time limits and reports, not owned (it must outlive the engine); null means
    /// the real steady clock.
    const TimeSource* time_source = nullptr;
    /// Endgame database probed in search (none: no probing). Shared by every engine that uses it.
    std::shared_ptr<const egdb::Database> egdb;
};

class SearchState;

/// A draughts engine. search() is deterministic for depth- and node-limited searches: the same
/// weights, hash size, root, history and limits, after the same earlier searches since the last
/// new_game() (or construction), give the same move, score and node count.
class Engine {
  public:
    explicit Engine(EngineOptions options = {});
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    /// Replaces the evaluation weights (and clears the hash table, whose scores are stale).
    void set_weights(const EvalWeights& weights);
    const EvalWeights& weights() const;
    /// Resizes (and clears) the hash table. Throws std::bad_alloc, keeping the old table, when
    /// the memory cannot be had.
    void set_hash_size(std::size_t megabytes);
    /// Reads time from `source` from now on (not owned; null: the real steady clock).
    void set_time_source(const TimeSource* source);
    /// Replaces the endgame database (nullptr: none) and clears the hash table.
    void set_egdb(std::shared_ptr<const egdb::Database> database);
    /// Forgets everything learned in earlier searches (hash table, move-ordering tables).
    void new_game();

    /// Searches `root` within `limits`, calling `on_info` after every completed iteration.
    /// Returns a legal move whenever the root has one, even when stopped at once.
    SearchResult search(const rules::Position& root, const SearchHistory& history,
                        const SearchLimits& limits, const InfoCallback& on_info = {});

    /// Asks the running search to return as soon as possible. Thread-safe. Each search() clears
    /// the request when it starts; see SearchLimits::stop_flag for races with a starting search.
    void stop();

  private:
    std::unique_ptr<SearchState> state_;
    std::atomic<bool> stop_requested_{false};
};

}  // namespace draughts::engine
