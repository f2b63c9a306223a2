#include "engine/engine.hpp"

#include "engine/search.hpp"

namespace draughts::engine {

Engine::Engine(EngineOptions options)
    : state_(std::make_unique<SearchState>(options.hash_mb, std::move(options.weights),
                                           options.time_source)) {
    state_->egdb = std::move(options.egdb);
}

Engine::~Engine() = default;

void Engine::set_weights(const EvalWeights& weights) {
    state_->weights = weights;
    state_->tt.clear();
}

const EvalWeights& Engine::weights() const { return state_->weights; }

void Engine::set_hash_size(std::size_t megabytes) { state_->tt.resize(megabytes); }

void Engine::set_time_source(const TimeSource* source) {
    state_->time_source = source != nullptr ? source : &steady_time_source();
}

void Engine::set_egdb(std::shared_ptr<const egdb::Database> database) {
    state_->egdb = std::move(database);
    state_->tt.clear();
}

void Engine::new_game() {
    state_->tt.clear();
    state_->clear_history();
}

SearchResult Engine::search(const rules::Position& root, const SearchHistory& history,
                            const SearchLimits& limits, const InfoCallback& on_info) {
    stop_requested_.store(false);
    return run_search(*state_, root, history, limits, on_info, stop_requested_);
}

void Engine::stop() { stop_requested_.store(true); }

}  // namespace draughts::engine
