#include "python/search_engine.hpp"

#include <string>

#include "python/errors.hpp"
#include "python/typed_board.hpp"

namespace draughts::python {

namespace {

template <typename V>
std::vector<AnyMove> any_moves(const std::vector<rules::BasicMove<V>>& moves) {
    std::vector<AnyMove> out;
    out.reserve(moves.size());
    for (const auto& move : moves) out.push_back(AnyMove::of(move));
    return out;
}

/// Clears the "searching" mark when the search returns or throws.
class SearchingMark {
  public:
    explicit SearchingMark(std::atomic<bool>& flag) : flag_(flag) {
        if (flag_.exchange(true))
            throw InputError("this engine is already searching (one search at a time per engine)");
    }
    ~SearchingMark() { flag_ = false; }
    SearchingMark(const SearchingMark&) = delete;
    SearchingMark& operator=(const SearchingMark&) = delete;

  private:
    std::atomic<bool>& flag_;
};

}  // namespace

SearchEngine::SearchEngine(rules::Variant variant, std::size_t hash_mb,
                           const std::optional<Weights>& weights)
    : variant_(variant) {
    if (weights) check(*weights);
    rules::dispatch_variant(variant, [&](auto policy) {
        using V = decltype(policy);
        engine::BasicEngineOptions<V> options;
        options.hash_mb = hash_mb;
        if (weights) options.weights = weights->typed<V>();
        engine_ = std::make_unique<engine::BasicEngine<V>>(std::move(options));
    });
}

void SearchEngine::check(const Weights& weights) const {
    if (weights.variant() != variant_)
        throw InputError("weights of " + std::string(rules::variant_name(weights.variant())) +
                         " draughts cannot be played by a " +
                         std::string(rules::variant_name(variant_)) + " engine");
}

SearchReport SearchEngine::search(const Board& board, const engine::SearchLimits& limits,
                                  const ReportCallback& on_report) {
    if (board.variant() != variant_)
        throw InputError("a " + std::string(rules::variant_name(variant_)) +
                         " engine cannot search a board of " +
                         std::string(rules::variant_name(board.variant())) + " draughts");
    SearchingMark mark(searching_);
    return rules::dispatch_variant(variant_, [&](auto policy) {
        using V = decltype(policy);
        const rules::BasicGameState<V>& game = *typed_game<V>(board);
        engine::BasicSearchHistory<V> history{game.previous_positions()};
        engine::BasicInfoCallback<V> on_info;
        if (on_report)
            on_info = [&](const engine::BasicSearchInfo<V>& info) {
                on_report(SearchReport{std::nullopt, std::nullopt, info.score, info.depth,
                                       info.selective_depth, info.nodes, info.seconds,
                                       any_moves(info.pv)});
            };
        auto& typed = std::get<EnginePointer<V>>(engine_);
        const engine::BasicSearchResult<V> result =
            typed->search(game.position(), history, limits, on_info);
        SearchReport out;
        if (!result.best_move.is_null()) out.best_move = AnyMove::of(result.best_move);
        if (!result.ponder_move.is_null()) out.ponder_move = AnyMove::of(result.ponder_move);
        out.score = result.score;
        out.depth = result.depth;
        out.selective_depth = result.selective_depth;
        out.nodes = result.nodes;
        out.seconds = result.seconds;
        out.pv = any_moves(result.pv);
        return out;
    });
}

void SearchEngine::stop() {
    rules::dispatch_variant(
        variant_, [&](auto policy) { std::get<EnginePointer<decltype(policy)>>(engine_)->stop(); });
}

void SearchEngine::new_game() {
    rules::dispatch_variant(variant_, [&](auto policy) {
        std::get<EnginePointer<decltype(policy)>>(engine_)->new_game();
    });
}

void SearchEngine::set_weights(const Weights& weights) {
    check(weights);
    rules::dispatch_variant(variant_, [&](auto policy) {
        using V = decltype(policy);
        std::get<EnginePointer<V>>(engine_)->set_weights(weights.typed<V>());
    });
}

Weights SearchEngine::weights() const {
    return rules::dispatch_variant(variant_, [&](auto policy) {
        using V = decltype(policy);
        return Weights(std::get<EnginePointer<V>>(engine_)->weights());
    });
}

void SearchEngine::set_hash_size(std::size_t megabytes) {
    rules::dispatch_variant(variant_, [&](auto policy) {
        std::get<EnginePointer<decltype(policy)>>(engine_)->set_hash_size(megabytes);
    });
}

}  // namespace draughts::python
