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
#include <vector>

#include "engine/search.hpp"
#include "rules/draw_rules.hpp"
#include "rules/move_list.hpp"

namespace draughts::engine::detail {

constexpr int kInfinity = kWinScore + 1;
constexpr std::int32_t kHistoryLimit = 1 << 24;
/// Half-width of the first aspiration window around the previous iteration's score.
constexpr int kAspirationWindow = kScorePerMan / 8;

/// A principal variation collected on the way back up the tree (triangular PV table row).
struct PvLine {
    int length = 0;
    std::array<rules::Move, kMaxPly + 1> moves;
};

/// Per-ply state that the search keeps across sibling nodes.
struct PlyData {
    std::array<rules::Move, 2> killers{};
    rules::DrawCounters counters;
};

class Searcher {
  public:
    Searcher(SearchState& state, const SearchLimits& limits, const std::atomic<bool>& stop)
        : state_(state), limits_(limits), stop_(stop), pv_(std::make_unique<PvTable>()) {}

    SearchResult run(const rules::Position& root, const SearchHistory& history,
                     const InfoCallback& on_info);

  private:
    using PvTable = std::array<PvLine, kMaxPly + 2>;

    void prepare_history(const rules::Position& root, const SearchHistory& history);
    bool iterate(const rules::Position& root, int depth, SearchResult& result);
    bool should_stop_iterating(const SearchResult& result, int depth, bool single_move) const;
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

    int search(const rules::Position& pos, int alpha, int beta, int depth, int ply);
    std::optional<int> probe_tt(const rules::Position& pos, int alpha, int beta, int depth, int ply,
                                bool pv_node, int& hash_index) const;
    int search_child(const rules::Position& child, const ChildSearch& c, int alpha, int beta,
                     int ply);
    void record_root_move(const rules::Move& move, int score);
    int quiesce(const rules::Position& pos, int alpha, int beta, int ply);
    void order_moves(const rules::Position& pos, const rules::MoveList& moves, int ply,
                     int hash_index, std::array<int, rules::MoveList::kCapacity>& keys);
    void reward_quiet_move(const rules::Position& pos, const rules::Move& move, int depth, int ply);
    bool is_repetition(int ply) const;
    std::optional<int> probe_database(const rules::Position& pos, int ply) const;
    void update_pv(int ply, const rules::Move& move);

    bool count_node();
    double elapsed() const { return state_.time_source->now() - start_time_; }

    SearchState& state_;
    const SearchLimits& limits_;
    const std::atomic<bool>& stop_;
    std::unique_ptr<PvTable> pv_;
    std::array<PlyData, kMaxPly + 2> plies_{};
    std::vector<std::uint64_t> keys_;  // hashes of the game and of the current line
    TimeBudget budget_;
    double start_time_ = 0.0;
    std::uint64_t nodes_ = 0;
    std::uint64_t node_limit_ = 0;
    int selective_depth_ = 0;
    int root_depth_ = 0;
    int egdb_pieces_ = 0;  ///< most pieces of a position the database may cover
    bool aborted_ = false;

    // Root results of the iteration in progress.
    rules::Move root_best_{};
    int root_score_ = 0;
    bool root_has_result_ = false;
    std::vector<rules::Move> root_pv_;
};

}  // namespace draughts::engine::detail
