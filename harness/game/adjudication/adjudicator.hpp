#pragma once

#include <memory>
#include <vector>

#include "harness/game/adjudication/tracker.hpp"
#include "harness/game/adjudication/user_adjudication.hpp"

namespace draughts::harness {

/// Runs every tracker after every ply, in a fixed priority order: no legal move (loss), threefold
/// repetition, 25-move rule, 16-move rule, 5-move rule, then the optional adjudications (maximum
/// length, draw by score, resign by score). Every tracker sees every ply; when several end the
/// game at the same ply, the first in this order is reported, so rules win over adjudications.
class Adjudicator {
  public:
    explicit Adjudicator(const AdjudicationOptions& options = {});

    /// Starts a new game from `start`.
    void reset(const rules::Position& start);
    /// Feeds one ply to all trackers; returns how the game ends now, if it does.
    std::optional<GameEnd> after_ply(const PlyEvent& event);

  private:
    std::vector<std::unique_ptr<Tracker>> trackers_;
};

}  // namespace draughts::harness
