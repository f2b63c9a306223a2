#pragma once
// One side's clock during a game. The referee owns it and charges the time it measured itself;
// what a player reports about its own time is informational only.

#include <optional>

#include "engine/search_types.hpp"
#include "records/time_control.hpp"

namespace draughts::harness {

/// Seconds a move may take when no clock or move time limits it (only nodes or depth do): the
/// move cap's default (a match's `move_cap`). Generous for any node or depth limit a test runs,
/// and finite, so that an engine that never answers cannot hang a game.
inline constexpr double kDefaultMoveCap = 120.0;

/// The clock and per-move limits of one side, following a TimeControl through the game.
/// A side forfeits on time when a move takes longer than allowance(): the time on its clock (or
/// the fixed move time) plus the configured margin, or, when only nodes or depth limit its moves,
/// the move cap. `latency`: seconds of each move's measured time that are not charged, the
/// transport and scheduling latency the harness adds to a move of an engine in another process,
/// which that engine's own clock never sees (docs/matches.md, "Clocks and latency").
class SideClock {
  public:
    explicit SideClock(const TimeControl& time_control, double margin = 0.0,
                       double move_cap = kDefaultMoveCap, double latency = 0.0);

    const TimeControl& time_control() const { return time_control_; }
    /// Seconds on the clock now (negative within the margin after a late move); nullopt when the
    /// time control has no game clock.
    std::optional<double> time_left() const { return time_left_; }
    /// Moves left in the current period, counting the one about to be played; 0 without periods.
    int moves_to_go() const;
    int moves_made() const { return moves_made_; }
    /// Total seconds charged to this side so far.
    double time_used() const { return time_used_; }

    /// Seconds the coming move may take, as measured, before the side forfeits: the clock or the
    /// fixed move time (with the margin and the latency), else the move cap.
    double allowance() const;
    /// True when the move cap is the allowance (no clock and no move time).
    bool capped() const { return !time_left_ && !time_control_.move_time; }
    double move_cap() const { return move_cap_; }
    /// What a move measured at `seconds` is charged: `seconds` less the latency, not below 0.
    double charged(double seconds) const;

    /// The limits to hand to the player for its next move (clock state or fixed limits).
    engine::SearchLimits limits() const;

    /// Charges a move measured at `seconds` (see charged()). Returns false when that oversteps
    /// the allowance (time forfeit); otherwise adds the increment, and a new period's base time
    /// after the last move of a period.
    bool charge(double seconds);

  private:
    TimeControl time_control_;
    double margin_;
    double move_cap_;
    double latency_;
    std::optional<double> time_left_;
    int moves_made_ = 0;
    double time_used_ = 0.0;
};

}  // namespace draughts::harness
