#pragma once
// One side's clock during a game. The referee owns it and charges the time it measured itself;
// what a player reports about its own time is informational only.

#include <optional>

#include "engine/search_types.hpp"
#include "records/time_control.hpp"

namespace draughts::harness {

/// The clock and per-move limits of one side, following a TimeControl through the game.
/// A side forfeits on time when a move takes longer than allowance(): the time on its clock (or
/// the fixed move time) plus the configured margin.
class SideClock {
  public:
    explicit SideClock(const TimeControl& time_control, double margin = 0.0);

    const TimeControl& time_control() const { return time_control_; }
    /// Seconds on the clock now (negative within the margin after a late move); nullopt when the
    /// time control has no game clock.
    std::optional<double> time_left() const { return time_left_; }
    /// Moves left in the current period, counting the one about to be played; 0 without periods.
    int moves_to_go() const;
    int moves_made() const { return moves_made_; }
    /// Total seconds charged to this side so far.
    double time_used() const { return time_used_; }

    /// Seconds the coming move may take before the side forfeits; nullopt when neither a clock
    /// nor a fixed move time limits it.
    std::optional<double> allowance() const;

    /// The limits to hand to the player for its next move (clock state or fixed limits).
    engine::SearchLimits limits() const;

    /// Charges a move that took `seconds`. Returns false when that oversteps the allowance (time
    /// forfeit); otherwise adds the increment, and a new period's base time after the last move
    /// of a period.
    bool charge(double seconds);

  private:
    TimeControl time_control_;
    double margin_;
    std::optional<double> time_left_;
    int moves_made_ = 0;
    double time_used_ = 0.0;
};

}  // namespace draughts::harness
