#include "harness/openings/balance_filter.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <thread>

#include "engine/engine.hpp"

namespace draughts::harness {

namespace {

/// The positions before the opening's position, oldest first, for repetition and draw rules.
engine::SearchHistory history_of(const Opening& opening) {
    engine::SearchHistory history;
    rules::Position position = opening.root;
    for (const rules::Move& move : opening.moves) {
        history.previous.push_back(position);
        position = position.after(move);
    }
    return history;
}

/// Scores openings[i] for i = first, first + stride, ... with one engine.
void score_some(const std::vector<Opening>& openings, const BalanceSearch& search,
                std::size_t first, std::size_t stride, std::vector<int>& scores) {
    engine::EngineOptions options;
    options.hash_mb = search.hash_mb;
    options.weights = search.weights;
    engine::Engine engine(options);
    engine::SearchLimits limits;
    limits.depth = search.depth;
    limits.nodes = search.nodes;
    for (std::size_t i = first; i < openings.size(); i += stride) {
        engine.new_game();
        scores[i] = engine.search(openings[i].position, history_of(openings[i]), limits).score;
    }
}

}  // namespace

std::vector<int> score_openings(const std::vector<Opening>& openings, const BalanceSearch& search) {
    std::vector<int> scores(openings.size(), 0);
    const auto threads = static_cast<std::size_t>(std::max(1, search.threads));
    std::vector<std::thread> workers;
    for (std::size_t t = 1; t < threads; ++t) {
        workers.emplace_back([&, t] { score_some(openings, search, t, threads, scores); });
    }
    score_some(openings, search, 0, threads, scores);
    for (std::thread& worker : workers) worker.join();
    return scores;
}

std::vector<Opening> keep_balanced(const std::vector<Opening>& openings,
                                   const std::vector<int>& scores, int margin) {
    assert(openings.size() == scores.size());
    std::vector<Opening> kept;
    for (std::size_t i = 0; i < openings.size(); ++i) {
        if (std::abs(scores[i]) <= margin) kept.push_back(openings[i]);
    }
    return kept;
}

}  // namespace draughts::harness
