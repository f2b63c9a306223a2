#pragma once

#include "harness/game/adjudication/tracker.hpp"

namespace draughts::harness {

/// A player who cannot move on their turn loses: no pieces left [FMJD 7.2.2] or every piece
/// blocked [7.2.3]. Needs no counter; checks the position after each ply.
class NoLegalMoveTracker final : public Tracker {
  public:
    void reset(const rules::Position&) override {}
    std::optional<GameEnd> on_ply(const PlyEvent& event) override;
};

/// The end of the game when the side to move in `position` cannot move, else nullopt.
std::optional<GameEnd> no_legal_move_end(const rules::Position& position);

}  // namespace draughts::harness
