#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>

#include "engine/database_probe.hpp"
#include "engine/searcher.hpp"
#include "rules/movegen.hpp"
#include "rules/variant_list.hpp"

namespace draughts::engine {

namespace detail {

template <typename V>
void Searcher<V>::prepare_history(const Position& root, const BasicSearchHistory<V>& history) {
    using Counters = typename SearchCounters<V>::Type;
    Counters counters =
        Counters::at_start(history.previous.empty() ? root : history.previous.front());
    keys_.clear();
    keys_.reserve(history.previous.size() + kMaxPly + 2);
    const Position* previous = nullptr;
    for (const Position& p : history.previous) {
        if (previous != nullptr) counters = counters.next(*previous, p);
        keys_.push_back(p.hash());
        previous = &p;
    }
    if (previous != nullptr) counters = counters.next(*previous, root);
    keys_.push_back(root.hash());
    plies_[0].counters = counters;
}

template <typename V>
BasicSearchInfo<V> Searcher<V>::make_info(const SearchResult& result) const {
    SearchInfo info;
    info.depth = result.depth;
    info.selective_depth = result.selective_depth;
    info.score = result.score;
    info.nodes = result.nodes;
    info.seconds = result.seconds;
    info.pv = result.pv;
    return info;
}

/// One iteration at `depth`; false when it was aborted before any root move was searched.
template <typename V>
bool Searcher<V>::iterate(const Position& root, int depth, SearchResult& result) {
    root_depth_ = depth;
    root_has_result_ = false;
    // Aspiration window around the previous score, widened on failure.
    int delta = std::max(1, state_.search.aspiration_window);
    int alpha = -kInfinity;
    int beta = kInfinity;
    if (depth >= state_.search.aspiration_min_depth && !is_win_score(result.score)) {
        alpha = result.score - delta;
        beta = result.score + delta;
    }
    int score = 0;
    for (;;) {
        score = search(root, alpha, beta, depth, 0);
        if (aborted_) break;
        if (score <= alpha) {
            alpha = std::max(-kInfinity, score - delta);
        } else if (score >= beta) {
            beta = std::min(kInfinity, score + delta);
        } else {
            break;
        }
        delta *= 2;
        if (delta > kScorePerMan) {
            alpha = -kInfinity;
            beta = kInfinity;
        }
    }
    if (!aborted_) {
        result.depth = depth;
        result.score = score;
    } else if (!root_has_result_) {
        return false;
    } else {
        result.score = root_score_;
    }
    result.best_move = root_best_;
    result.pv = root_pv_;
    return true;
}

template <typename V>
bool Searcher<V>::should_stop_iterating(const Position& root, const SearchResult& result, int depth,
                                        int legal_moves) const {
    // result.seconds was read from the clock when the iteration ended.
    if (aborted_) return true;
    if (limits_.depth && depth >= *limits_.depth) return true;
    if (depth >= kMaxSearchDepth) return true;
    if (limits_.infinite) return false;
    const bool timed = budget_.limited();
    if (timed && legal_moves == 1) return true;
    if (timed) {
        SearchSignals signals;
        signals.best_move_changes = best_move_changes_;
        signals.legal_moves = legal_moves;
        if (state_.last_score && state_.last_score->first == root.side_to_move())
            signals.score_drop = state_.last_score->second - result.score;
        const double soft =
            std::min(budget_.hard, budget_.soft * soft_limit_scale(signals, state_.search.time));
        if (result.seconds >= soft) return true;
    }
    // A forced result proven with room to spare will not change with more depth.
    if (!limits_.depth && !limits_.nodes && is_win_score(result.score) &&
        depth > std::abs(plies_to_win(result.score)) + 2)
        return true;
    return false;
}

template <typename V>
void Searcher<V>::wait_for_stop() const {
    // Analysis ends only on request, even when the search has nothing left to do.
    while (!stop_.load() && (limits_.stop_flag == nullptr || !limits_.stop_flag->load()))
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

template <typename V>
BasicSearchResult<V> Searcher<V>::run(const Position& root, const BasicSearchHistory<V>& history,
                                      const BasicInfoCallback<V>& on_info) {
    start_time_ = state_.time_source->now();
    budget_ = plan_time(limits_, rules::popcount(root.occupied()), state_.search.time);
    best_move_changes_ = 0.0;
    node_limit_ = limits_.nodes ? std::max<std::uint64_t>(1, *limits_.nodes) : UINT64_MAX;
    prepare_history(root, history);
    if (state_.network) state_.accumulators[0] = network_accumulators(root, *state_.network);
    state_.tt.new_search();
    state_.clear_history();

    if constexpr (kHasEndgameDatabase<V>) {
        egdb_pieces_ = state_.egdb ? state_.egdb->max_pieces() : 0;
        if (state_.egdb && rules::popcount(root.occupied()) <= egdb_pieces_) {
            if (auto known = database_root_move(*state_.egdb, root, plies_[0].counters)) {
                known->seconds = elapsed();
                if (on_info) on_info(make_info(*known));
                if (limits_.infinite) wait_for_stop();
                return *known;
            }
        }
    }
    SearchResult result;
    MoveList root_moves;
    generate_moves(root, root_moves);
    if (root_moves.empty()) {
        result.score = V::kGoal == rules::GameGoal::Losing ? kWinScore : -kWinScore;
        if (limits_.infinite) wait_for_stop();
        return result;
    }
    result.best_move = root_moves[0];
    result.pv = {root_moves[0]};
    const int max_depth = std::min(limits_.depth.value_or(kMaxSearchDepth), kMaxSearchDepth);
    for (int depth = 1; depth <= std::max(1, max_depth); ++depth) {
        selective_depth_ = 0;
        const Move previous_best = result.best_move;
        const bool progressed = iterate(root, depth, result);
        if (depth > 1)
            best_move_changes_ =
                0.5 * best_move_changes_ + (result.best_move != previous_best ? 1.0 : 0.0);
        result.selective_depth = std::max(result.selective_depth, selective_depth_);
        result.nodes = nodes_;
        result.seconds = elapsed();
        if (progressed && !aborted_ && on_info) on_info(make_info(result));
        if (should_stop_iterating(root, result, depth, static_cast<int>(root_moves.size()))) break;
    }
    state_.last_score = std::pair{root.side_to_move(), result.score};
    if (limits_.infinite && !aborted_) {
        wait_for_stop();
        result.seconds = elapsed();
    }
    result.ponder_move = result.pv.size() > 1 ? result.pv[1] : Move{};
    return result;
}

// The node search's members are instantiated in search.cpp; run() brings the root driver's.
#define DRAUGHTS_INSTANTIATE(Policy)                                        \
    template BasicSearchResult<rules::Policy> Searcher<rules::Policy>::run( \
        const Position&, const BasicSearchHistory<rules::Policy>&,          \
        const BasicInfoCallback<rules::Policy>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE)
#undef DRAUGHTS_INSTANTIATE

}  // namespace detail

template <typename V>
SearchState<V>::SearchState(std::size_t hash_mb, BasicEvalWeights<V> w, const TimeSource* source,
                            SearchParameters parameters)
    : weights(std::move(w)),
      search(parameters),
      tt(hash_mb),
      time_source(source != nullptr ? source : &steady_time_source()),
      history(2 * 64 * 64, 0),
      pv(std::make_unique_for_overwrite<PvTable<V>>()) {}

template <typename V>
void SearchState<V>::set_network(std::shared_ptr<const Network> net) {
    // Another variant's network has other sizes: reading it would go out of bounds.
    if (net && net->variant != rules::variant_of<V>())
        throw std::invalid_argument("a network for " +
                                    std::string(rules::variant_name(net->variant)) +
                                    " given to an engine of " + std::string(V::kName));
    network = std::move(net);
    accumulators.assign(network ? static_cast<std::size_t>(kMaxPly + 2) : 0, NetworkAccumulators{});
}

template <typename V>
void SearchState<V>::clear_history() {
    std::fill(history.begin(), history.end(), 0);
}

template <typename V>
BasicSearchResult<V> run_search(SearchState<V>& state, const rules::BasicPosition<V>& root,
                                const BasicSearchHistory<V>& history, const SearchLimits& limits,
                                const BasicInfoCallback<V>& on_info,
                                const std::atomic<bool>& stop) {
    detail::Searcher<V> searcher(state, limits, stop);
    return searcher.run(root, history, on_info);
}

#define DRAUGHTS_INSTANTIATE(Policy)                                             \
    template class SearchState<rules::Policy>;                                   \
    template BasicSearchResult<rules::Policy> run_search(                        \
        SearchState<rules::Policy>&, const rules::BasicPosition<rules::Policy>&, \
        const BasicSearchHistory<rules::Policy>&, const SearchLimits&,           \
        const BasicInfoCallback<rules::Policy>&, const std::atomic<bool>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE)
#undef DRAUGHTS_INSTANTIATE

}  // namespace draughts::engine
