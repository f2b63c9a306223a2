#pragma once
// The built-in engine for Python: engine::BasicEngine of the variant chosen at run time, searching
// a Board's position with the game's history (repetitions and draw counts), within depth, node and
// time limits, with its score, principal variation and statistics. The search runs with Python's
// lock released; stop() may come from another thread.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/engine.hpp"
#include "python/any_move.hpp"
#include "python/board.hpp"
#include "python/per_variant.hpp"
#include "python/weights.hpp"

namespace draughts::python {

/// A search's result, or its progress after an iteration (best_move unset).
struct SearchReport {
    std::optional<AnyMove> best_move;  ///< unset when the root has no legal move
    std::optional<AnyMove> ponder_move;
    int score = 0;  ///< engine units (1000 = one man), side to move's point of view
    int depth = 0;
    int selective_depth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0.0;
    std::vector<AnyMove> pv;
};

/// Called after every completed iteration (from the searching thread).
using ReportCallback = std::function<void(const SearchReport&)>;

template <typename V>
using EnginePointer = std::unique_ptr<engine::BasicEngine<V>>;

/// The built-in engine; see the top of the file.
class SearchEngine {
  public:
    /// An engine of `variant` with a hash table of `hash_mb` megabytes and `weights` (nullopt:
    /// the built-in weights); InputError when the weights are another variant's.
    SearchEngine(rules::Variant variant, std::size_t hash_mb,
                 const std::optional<Weights>& weights);

    rules::Variant variant() const { return variant_; }
    /// Searches the board's position; InputError when the board is of another variant or a
    /// search is already running on this engine.
    SearchReport search(const Board& board, const engine::SearchLimits& limits,
                        const ReportCallback& on_report);
    void stop();
    void new_game();
    void set_weights(const Weights& weights);
    Weights weights() const;
    void set_hash_size(std::size_t megabytes);

  private:
    void check(const Weights& weights) const;

    rules::Variant variant_;
    PerVariant<EnginePointer> engine_;
    std::atomic<bool> searching_{false};
};

}  // namespace draughts::python
