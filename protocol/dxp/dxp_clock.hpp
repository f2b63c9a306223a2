#pragma once
// The engine's own clock in a DXP game. DXP has no clock messages: R gives each side a thinking
// time for a number of moves (or for the whole game), and each side keeps its own time.
//
// The peer's clock (a referee, a GUI, `draughts match`) times a move from sending the position to
// receiving the reply, so it also counts the transport and the scheduling of both processes,
// which this side never sees. Over a game of a hundred moves on a loaded machine that adds up to
// more than a tenth of a second (results/2026-12-05-failure-paths.md). So every move is charged
// its measured time plus the move overhead, the same overhead the time manager keeps off each
// move's budget (engine/time_manager.hpp): this clock runs ahead of the peer's as long as a move
// loses less than the overhead in transit.

#include <cstdint>
#include <optional>

#include "engine/search_types.hpp"
#include "protocol/dxp/dxp_message.hpp"

namespace draughts::protocol {

/// The engine's time in one DXP game and the search limits it gives for each move. Fixed node or
/// depth limits replace the clock (deterministic play); a request without thinking time gets a
/// fixed time per move.
class DxpClock {
  public:
    /// Seconds per move when R gives no thinking time and no fixed limit is set.
    static constexpr double kFallbackMoveSeconds = 1.0;

    DxpClock(const DxpGameRequest& request, std::optional<std::uint64_t> nodes,
             std::optional<int> depth, double move_overhead = 0.0);

    /// Seconds on the clock now (negative after an overstep); nullopt when there is no clock.
    std::optional<double> time_left() const { return time_left_; }

    /// The limits for the engine's next move.
    engine::SearchLimits limits() const;

    /// Charges a move of the engine that took `seconds` (plus the move overhead), and gives the
    /// next period's time after the last move of a period.
    void charge(double seconds);

  private:
    std::optional<std::uint64_t> nodes_;
    std::optional<int> depth_;
    std::optional<double> move_time_;
    std::optional<double> period_seconds_;  ///< thinking time per period, when there is a clock
    int moves_per_period_ = 0;              ///< 0: one period for the whole game
    std::optional<double> time_left_;
    int moves_made_ = 0;
    double move_overhead_ = 0.0;  ///< seconds charged per move on top of its measured time
};

}  // namespace draughts::protocol
