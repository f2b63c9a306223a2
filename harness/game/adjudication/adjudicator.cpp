#include "harness/game/adjudication/adjudicator.hpp"

namespace draughts::harness {

Adjudicator::Adjudicator(const AdjudicationOptions& options) : egdb_(options.egdb) {
    if (options.max_moves)
        trackers_.push_back(std::make_unique<MaxLengthTracker>(*options.max_moves));
    if (options.score_draw)
        trackers_.push_back(std::make_unique<ScoreDrawTracker>(*options.score_draw));
    if (options.resign) trackers_.push_back(std::make_unique<ResignTracker>(*options.resign));
}

void Adjudicator::reset(const rules::Position& start) {
    egdb_value_.clear();
    for (auto& tracker : trackers_) tracker->reset(start);
}

std::optional<GameEnd> Adjudicator::after_ply(const rules::GameState& game, const PlyEvent& event) {
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

std::optional<GameEnd> Adjudicator::at_start(const rules::GameState& game) {
    if (game.verdict()) return std::nullopt;
    return by_database(game);
}

std::optional<GameEnd> Adjudicator::by_database(const rules::GameState& game) {
    if (!egdb_) return std::nullopt;
    auto ended = egdb_adjudication(*egdb_, game);
    if (!ended) return std::nullopt;
    egdb_value_ = std::move(ended->value);
    return std::move(ended->end);
}

}  // namespace draughts::harness
