#pragma once

#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "rules/position.hpp"

namespace draughts::rules {

/// The FEN of the initial position.
inline constexpr std::string_view kInitialFen = "W:W31-50:B1-20";

/// Reads a PDN 3.0 FEN such as `W:W31-50:B1-20` or `B:WK31,33:B1-5,K10.`: ranges, K prefixes
/// (on a range: all kings), a trailing dot, spaces around items, either colour order, and empty
/// colours are accepted. Errors name the offending item.
Expected<Position> parse_fen(std::string_view fen);

/// Writes a FEN with ranges for runs of consecutive squares and no trailing dot.
std::string to_fen(const Position& position);

}  // namespace draughts::rules
