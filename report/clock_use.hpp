#pragma once
// How much of its clock an engine used in a game: the time it spent against the time its clock
// gave it over the moves it played. Time management is judged by this (an engine that leaves half
// of a sudden-death clock unused plays weaker than it could), so the report shows it per engine.

#include <cstdint>
#include <optional>
#include <string_view>

namespace draughts::report {

/// Seconds a side's clock gave it for a game in which it played `moves` moves under
/// `time_control` (harness syntax): the base once per period started, plus the increment after
/// every move. nullopt without a game clock (fixed nodes, depth or move time) or for a text that
/// is not a time control.
std::optional<double> clock_available(std::string_view time_control, std::int64_t moves);

}  // namespace draughts::report
