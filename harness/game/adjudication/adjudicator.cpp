#include "harness/game/adjudication/adjudicator.hpp"

#include "harness/game/adjudication/ending_tracker.hpp"
#include "harness/game/adjudication/king_move_tracker.hpp"
#include "harness/game/adjudication/no_legal_move_tracker.hpp"
#include "harness/game/adjudication/repetition_tracker.hpp"

namespace draughts::harness {

Adjudicator::Adjudicator(const AdjudicationOptions& options) {
    trackers_.push_back(std::make_unique<NoLegalMoveTracker>());
    trackers_.push_back(std::make_unique<RepetitionTracker>());
    trackers_.push_back(std::make_unique<KingMoveTracker>());
    trackers_.push_back(std::make_unique<EndingTracker>(Ending::SixteenMoves));
    trackers_.push_back(std::make_unique<EndingTracker>(Ending::FiveMoves));
    if (options.max_moves)
        trackers_.push_back(std::make_unique<MaxLengthTracker>(*options.max_moves));
    if (options.score_draw)
        trackers_.push_back(std::make_unique<ScoreDrawTracker>(*options.score_draw));
    if (options.resign) trackers_.push_back(std::make_unique<ResignTracker>(*options.resign));
}

void Adjudicator::reset(const rules::Position& start) {
    for (auto& tracker : trackers_) tracker->reset(start);
}

std::optional<GameEnd> Adjudicator::after_ply(const PlyEvent& event) {
    std::optional<GameEnd> end;
    for (auto& tracker : trackers_) {
        auto verdict = tracker->on_ply(event);
        if (verdict && !end) end = std::move(verdict);
    }
    return end;
}

}  // namespace draughts::harness
