#pragma once
// The games of a results folder as tests compare them: what was played (pair, colours, opening,
// moves, result), without the timings and file offsets that differ between two runs.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace draughts::testing {

/// Game index (2 * pair + pair_game) -> "white black start_fen result termination plies moves...".
/// Fails the current test (and returns what it read) when the folder cannot be read, when a
/// game is stored twice, or when a game's PDN text does not hold its moves.
std::map<std::uint64_t, std::string> played_games(const std::filesystem::path& dir);

}  // namespace draughts::testing
