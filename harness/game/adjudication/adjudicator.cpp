#include "harness/game/adjudication/adjudicator.hpp"

namespace draughts::harness {

Adjudicator::Adjudicator(const AdjudicationOptions& options) {
    if (options.max_moves)
        trackers_.push_back(std::make_unique<MaxLengthTracker>(*options.max_moves));
    if (options.score_draw)
        trackers_.push_back(std::make_unique<ScoreDrawTracker>(*options.score_draw));
    if (options.resign) trackers_.push_back(std::make_unique<ResignTracker>(*options.resign));
}

void Adjudicator::reset(const rules::Position& start) {
    for (auto& tracker : trackers_) tracker->reset(start);
}

std::optional<GameEnd> Adjudicator::after_ply(const rules::GameState& game, const PlyEvent& event) {
    std::optional<GameEnd> end;
    if (auto verdict = game.verdict()) end = game_end_of(*verdict);
    for (auto& tracker : trackers_) {
        auto adjudication = tracker->on_ply(event);
        if (adjudication && !end) end = std::move(adjudication);
    }
    return end;
}

}  // namespace draughts::harness
