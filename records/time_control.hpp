#pragma once
// Time controls and their text form.
//
// Syntax: one or more parts separated by commas (spaces around parts are ignored):
//   [MOVES/]BASE[+INC]  a game clock. BASE is the time in seconds ("60", "0.5") or minutes and
//                       seconds ("5:00"); INC is the Fischer increment in seconds added after each
//                       move. With MOVES/ the clock gets BASE again after every MOVES moves of its
//                       side (repeating periods [FMJD 10]). BASE alone is sudden death.
//   movetime=S          a fixed S seconds for every move (no clock; cannot be combined with one)
//   nodes=N             a node budget for every move
//   depth=D             a search depth (plies) for every move
// Examples: "1+0.01", "40/60+0.5", "75/90:00", "300", "movetime=0.1", "nodes=20000", "depth=6",
// "10+0.1,nodes=50000". When several limits are set the player stops at the first one reached.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/expected.hpp"

namespace draughts::harness {

/// Limits of one side for a whole game: an optional game clock and optional per-move limits.
struct TimeControl {
    std::optional<double> base{};       ///< clock time per period (or for the game), seconds
    double increment = 0.0;             ///< seconds added after each move (Fischer)
    int moves_per_period = 0;           ///< moves per period; 0 means one period for the whole game
    std::optional<double> move_time{};  ///< fixed seconds per move
    std::optional<std::uint64_t> nodes{};  ///< node budget per move
    std::optional<int> depth{};            ///< depth per move, in plies

    bool has_clock() const { return base.has_value(); }
    friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

/// Parses the syntax described at the top of this file. Errors quote the whole text and name the
/// part that is wrong.
Expected<TimeControl> parse_time_control(std::string_view text);

/// The canonical text form, re-readable by parse_time_control (e.g. "40/60+0.5,nodes=1000").
std::string to_string(const TimeControl& time_control);

/// Shortest decimal text of a number of seconds that reads back to the same value ("0.1", "60").
std::string format_seconds(double seconds);

}  // namespace draughts::harness
