#pragma once

#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "rules/position.hpp"

namespace draughts::protocol {

/// Reads the Hub protocol's 51-character position: side to move `W`/`B`, then squares 1..50 as
/// `w` `b` (men), `W` `B` (kings) or `e` (empty).
Expected<rules::Position> parse_hub_position(std::string_view text);

/// Writes the 51-character Hub position.
std::string to_hub_position(const rules::Position& position);

}  // namespace draughts::protocol
