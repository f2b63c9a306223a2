#pragma once

#include "harness/game/adjudication/tracker.hpp"

namespace draughts::harness {

/// 25-move rule [FMJD 6.2]: draw when both players have made 25 successive moves (50 plies) in
/// which only kings moved and nothing was captured. A man move or a capture resets the count.
class KingMoveTracker final : public Tracker {
  public:
    static constexpr int kPlies = 50;

    void reset(const rules::Position&) override { count_ = 0; }
    std::optional<GameEnd> on_ply(const PlyEvent& event) override;

    /// Successive king plies without capture so far.
    int count() const { return count_; }

  private:
    int count_ = 0;
};

}  // namespace draughts::harness
