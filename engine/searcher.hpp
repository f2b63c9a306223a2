#pragma once
// The searcher behind run_search (search.hpp), internal to the engine: its class and the state it
// keeps per ply, shared by the node search (search.cpp: alpha-beta, quiescence, hash table, move
// ordering, database probes) and the root driver (search_root.cpp: history, iterative deepening
// with aspiration windows, time checks, reports).

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "engine/evaluate.hpp"
#include "engine/network.hpp"
#include "engine/search.hpp"
#include "rules/draw_rules.hpp"
#include "rules/move_list.hpp"
#include "rules/variant_draw_rules.hpp"

namespace draughts::engine::detail {

constexpr int kInfinity = kWinScore + 1;
constexpr std::int32_t kHistoryLimit = 1 << 24;

/// The draw-rule counters the search carries for variant V: the variant's own
/// (VariantDrawCounters); for international draughts the FMJD DrawCounters, which agree with
/// them ply for ply and are what the endgame database probes read.
template <typename V>
struct SearchCounters {
    using Type = rules::VariantDrawCounters<V>;
};
template <>
struct SearchCounters<rules::International> {
    using Type = rules::DrawCounters;
};

/// True when a counted rule (kings-only moves, counted endings) draws at these counters.
inline bool counted_draw(const rules::DrawCounters& counters) { return counters.is_draw(); }
template <typename V>
bool counted_draw(const rules::VariantDrawCounters<V>& counters) {
    return counters.draw().has_value();
}

/// Per-ply state that the search keeps across sibling nodes.
template <typename V>
struct PlyData {
    std::array<rules::BasicMove<V>, 2> killers{};
    typename SearchCounters<V>::Type counters;
};

/// The search of variant V; one object per search() call.
template <typename V>
class Searcher {
  public:
    using Position = rules::BasicPosition<V>;
    using Move = rules::BasicMove<V>;
    using MoveList = rules::BasicMoveList<V>;

    Searcher(SearchState<V>& state, const SearchLimits& limits, const std::atomic<bool>& stop)
        : state_(state), limits_(limits), stop_(stop), pv_(*state.pv) {
        for (PvLine<V>& line : pv_) line.length = 0;
    }

    BasicSearchResult<V> run(const Position& root, const BasicSearchHistory<V>& history,
                             const BasicInfoCallback<V>& on_info);

  private:
    using SearchResult = BasicSearchResult<V>;
    using SearchInfo = BasicSearchInfo<V>;

    void prepare_history(const Position& root, const BasicSearchHistory<V>& history);
    bool iterate(const Position& root, int depth, SearchResult& result);
    bool should_stop_iterating(const Position& root, const SearchResult& result, int depth,
                               int legal_moves) const;
    SearchInfo make_info(const SearchResult& result) const;
    void wait_for_stop() const;

    /// How one child of a node is searched.
    struct ChildSearch {
        int depth;  ///< nominal depth of the child
        int parent_depth;
        std::size_t move_number;  ///< 0 for the first move searched
        bool pv_node;
        bool reducible;  ///< quiet and not a killer: may be searched shallower
    };

    int search(const Position& pos, int alpha, int beta, int depth, int ply);
    std::optional<int> probe_tt(const Position& pos, int alpha, int beta, int depth, int ply,
                                bool pv_node, int& hash_index) const;
    std::optional<int> probcut(const Position& pos, int beta, int depth, int ply, bool pv_node,
                               std::size_t move_count);
    std::optional<int> static_cut(const Position& pos, int beta, int depth, int ply, bool pv_node,
                                  const MoveList& moves);
    std::size_t late_move_limit(int depth, int ply, bool pv_node, const MoveList& moves) const;
    bool is_singular(const Position& pos, const MoveList& moves, int hash_index, int depth,
                     int ply);
    int search_child(const Position& child, const ChildSearch& c, int alpha, int beta, int ply);
    void record_root_move(const Move& move, int score);
    /// Captures until the position is quiet; `threats`: how many more times along this line a
    /// quiet position with a capture pending for the opponent is searched a move further.
    int quiesce(const Position& pos, int alpha, int beta, int ply, int threats);
    void order_moves(const Position& pos, const MoveList& moves, int ply, int hash_index,
                     std::array<int, MoveList::kCapacity>& keys);
    void reward_quiet_move(const Position& pos, const Move& move, int depth, int ply,
                           const MoveList& moves, std::span<const std::uint8_t> earlier_quiets);
    bool is_repetition(int ply) const;
    std::optional<int> probe_database(const Position& pos, int ply) const;
    void update_pv(int ply, const Move& move);

    /// The position after `m`, played at `ply`; with a network, the accumulators of ply + 1
    /// are brought up to date from those of `ply`.
    Position play(const Position& pos, const Move& m, int ply) {
        Position child = pos.after(m);
        if (state_.network) {
            auto& next = state_.accumulators[static_cast<std::size_t>(ply + 1)];
            next = state_.accumulators[static_cast<std::size_t>(ply)];
            update_network_accumulators(next, pos, child, *state_.network);
        }
        return child;
    }
    /// The static evaluation of the quiet position `pos` at `ply`.
    int static_evaluation(const Position& pos, int ply) const {
        if (state_.network)
            return network_evaluation(state_.accumulators[static_cast<std::size_t>(ply)],
                                      pos.side_to_move(), *state_.network);
        return evaluate(pos, state_.weights);
    }

    bool count_node();
    double elapsed() const { return state_.time_source->now() - start_time_; }

    SearchState<V>& state_;
    const SearchLimits& limits_;
    const std::atomic<bool>& stop_;
    PvTable<V>& pv_;  ///< the state's table (SearchState::pv)
    std::array<PlyData<V>, kMaxPly + 2> plies_{};
    std::vector<std::uint64_t> keys_;  // hashes of the game and of the current line
    TimeBudget budget_;
    double best_move_changes_ = 0.0;  ///< see SearchSignals
    double start_time_ = 0.0;
    std::uint64_t nodes_ = 0;
    std::uint64_t node_limit_ = 0;
    int selective_depth_ = 0;
    int root_depth_ = 0;
    int egdb_pieces_ = 0;  ///< most pieces of a position the database may cover
    bool aborted_ = false;

    // Root results of the iteration in progress.
    Move root_best_{};
    int root_score_ = 0;
    bool root_has_result_ = false;
    std::vector<Move> root_pv_;
};

}  // namespace draughts::engine::detail
