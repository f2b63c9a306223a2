#include "harness/game/adjudication/adjudicator.hpp"

#include <type_traits>

#include "rules/variant_list.hpp"

namespace draughts::harness {

template <typename V>
BasicAdjudicator<V>::BasicAdjudicator(const AdjudicationOptions& options) : egdb_(options.egdb) {
    if (options.max_moves)
        trackers_.push_back(std::make_unique<BasicMaxLengthTracker<V>>(*options.max_moves));
    if (options.score_draw)
        trackers_.push_back(std::make_unique<BasicScoreDrawTracker<V>>(*options.score_draw));
    if (options.resign)
        trackers_.push_back(std::make_unique<BasicResignTracker<V>>(*options.resign));
}

template <typename V>
void BasicAdjudicator<V>::reset(const rules::BasicPosition<V>& start) {
    egdb_value_.clear();
    egdb_probe_errors_ = 0;
    egdb_probe_error_.clear();
    for (auto& tracker : trackers_) tracker->reset(start);
}

template <typename V>
std::optional<GameEnd> BasicAdjudicator<V>::after_ply(const rules::BasicGameState<V>& game,
                                                      const BasicPlyEvent<V>& event) {
    std::optional<GameEnd> end;
    if (auto verdict = game.verdict()) end = game_end_of(*verdict);
    // The database's result is exact: it comes before the adjudications that guess.
    if (!end) end = by_database(game);
    for (auto& tracker : trackers_) {
        auto adjudication = tracker->on_ply(event);
        if (adjudication && !end) end = std::move(adjudication);
    }
    return end;
}

template <typename V>
std::optional<GameEnd> BasicAdjudicator<V>::at_start(const rules::BasicGameState<V>& game) {
    if (game.verdict()) return std::nullopt;
    return by_database(game);
}

template <typename V>
std::optional<GameEnd> BasicAdjudicator<V>::by_database(const rules::BasicGameState<V>& game) {
    // The databases hold 100-square positions: a 64-square match never has one (the
    // configuration refuses adjudication.egdb there).
    if constexpr (std::is_same_v<V, rules::International>) {
        if (!egdb_) return std::nullopt;
        EgdbVerdict verdict = egdb_adjudication(*egdb_, game);
        if (!verdict.error.empty()) {
            // Counted, not silent: the game is played on, the record carries the count.
            if (egdb_probe_errors_++ == 0) egdb_probe_error_ = std::move(verdict.error);
            return std::nullopt;
        }
        if (!verdict.end) return std::nullopt;
        egdb_value_ = std::move(verdict.end->value);
        return std::move(verdict.end->end);
    } else {
        (void)game;
        return std::nullopt;
    }
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_ADJUDICATOR(V) template class BasicAdjudicator<rules::V>;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_ADJUDICATOR)
#undef DRAUGHTS_INSTANTIATE_ADJUDICATOR

}  // namespace draughts::harness
