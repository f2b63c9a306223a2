#pragma once
// Progress of a running match: games done of planned, games per minute, ETA, W-L-D, Elo with its
// error, the LLR and, when there are any, the forfeits by kind (a crashing engine is seen at
// once). On a terminal the line is rewritten in place; otherwise (a log file, CI) a plain line is
// printed every `interval` seconds.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "harness/tournament/standings.hpp"
#include "stats/sprt.hpp"

namespace draughts::harness {

/// The progress line (no newline). `games_per_minute` <= 0 leaves rate and ETA out.
std::string progress_line(const Standings& standings, const std::optional<SprtStatus>& sprt,
                          std::int64_t planned_games, double games_per_minute);

/// "1:02:03" or "4:05" for a number of seconds.
std::string format_duration(double seconds);

/// Writes progress lines to a stream; not thread-safe (the tournament's observer calls it under
/// its lock).
class ProgressDisplay {
  public:
    /// `games_at_start`: games already counted (a resumed run), left out of the rate.
    ProgressDisplay(std::FILE* out, bool in_place, double interval_seconds,
                    std::int64_t planned_games, std::int64_t games_at_start);

    /// Shows the current state if it is time to (always when `force`).
    void update(const Standings& standings, const std::optional<SprtStatus>& sprt,
                bool force = false);
    /// Ends an in-place line so that what follows starts on a new line.
    void finish();
    /// Prints a line of its own (a warning), below the progress line.
    void message(std::string_view text);

  private:
    using Clock = std::chrono::steady_clock;

    std::FILE* out_;
    bool in_place_;
    double interval_;
    std::int64_t planned_;
    std::int64_t games_at_start_;
    Clock::time_point started_ = Clock::now();
    std::optional<Clock::time_point> last_shown_;
    bool line_open_ = false;
};

}  // namespace draughts::harness
