#include "engine/engine.hpp"

#include "engine/search.hpp"
#include "rules/variant_list.hpp"

namespace draughts::engine {

template <typename V>
BasicEngine<V>::BasicEngine(Options options)
    : state_(std::make_unique<SearchState<V>>(options.hash_mb, std::move(options.weights),
                                              options.time_source, options.search)) {
    if constexpr (kHasEndgameDatabase<V>) state_->egdb = std::move(options.egdb);
    state_->set_network(std::move(options.network));
}

template <typename V>
BasicEngine<V>::~BasicEngine() = default;

template <typename V>
void BasicEngine<V>::set_weights(const Weights& weights) {
    state_->weights = weights;
    state_->tt.clear();
}

template <typename V>
const BasicEvalWeights<V>& BasicEngine<V>::weights() const {
    return state_->weights;
}

template <typename V>
void BasicEngine<V>::set_search_parameters(const SearchParameters& parameters) {
    state_->search = parameters;
}

template <typename V>
const SearchParameters& BasicEngine<V>::search_parameters() const {
    return state_->search;
}

template <typename V>
void BasicEngine<V>::set_hash_size(std::size_t megabytes) {
    state_->tt.resize(megabytes);
}

template <typename V>
void BasicEngine<V>::set_time_source(const TimeSource* source) {
    state_->time_source = source != nullptr ? source : &steady_time_source();
}

template <typename V>
void BasicEngine<V>::set_egdb(std::shared_ptr<const egdb::Database> database) requires
    kHasEndgameDatabase<V> {
    state_->egdb = std::move(database);
    state_->tt.clear();
}

template <typename V>
void BasicEngine<V>::set_network(std::shared_ptr<const Network> network) {
    state_->set_network(std::move(network));
    state_->tt.clear();
}

template <typename V>
const Network* BasicEngine<V>::network() const {
    return state_->network.get();
}

template <typename V>
void BasicEngine<V>::new_game() {
    state_->tt.clear();
    state_->clear_history();
    state_->last_score.reset();
}

template <typename V>
BasicSearchResult<V> BasicEngine<V>::search(const rules::BasicPosition<V>& root,
                                            const BasicSearchHistory<V>& history,
                                            const SearchLimits& limits,
                                            const BasicInfoCallback<V>& on_info) {
    stop_requested_.store(false);
    return run_search(*state_, root, history, limits, on_info, stop_requested_);
}

template <typename V>
void BasicEngine<V>::stop() {
    stop_requested_.store(true);
}

#define DRAUGHTS_INSTANTIATE(Policy) template class BasicEngine<rules::Policy>;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE)
#undef DRAUGHTS_INSTANTIATE

}  // namespace draughts::engine
