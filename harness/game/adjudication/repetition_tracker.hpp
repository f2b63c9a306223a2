#pragma once

#include <vector>

#include "harness/game/adjudication/tracker.hpp"

namespace draughts::harness {

/// Threefold repetition [FMJD 6.1]: draw when the same position (same pieces on the same squares
/// and the same side to move) occurs for the third time, not necessarily in a row. The start
/// position counts as an occurrence. Only positions since the last irreversible ply are kept.
class RepetitionTracker final : public Tracker {
  public:
    void reset(const rules::Position& start) override;
    std::optional<GameEnd> on_ply(const PlyEvent& event) override;

    /// Occurrences so far of `position` (0 when it was not seen since the last irreversible ply).
    int occurrences(const rules::Position& position) const;

  private:
    struct Seen {
        rules::Position position;
        int ply;
    };
    std::vector<Seen> seen_;
};

}  // namespace draughts::harness
