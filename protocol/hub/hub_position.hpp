#pragma once

#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "rules/position.hpp"

namespace draughts::protocol {

/// Length of variant V's Hub position: side to move and one character per square (51 on 10x10,
/// 33 on 8x8).
template <typename V>
inline constexpr std::size_t kHubPositionLength = 1 + V::Board::kNumSquares;

/// Reads the Hub protocol's position of variant V: side to move `W`/`B`, then squares
/// 1..kNumSquares as `w` `b` (men), `W` `B` (kings) or `e` (empty). A text of another length
/// is an error naming the expected length and the variant. Defined for every variant.
template <typename V = rules::International>
Expected<rules::BasicPosition<V>> parse_hub_position(std::string_view text);

/// Writes the Hub position of variant V.
template <typename V>
std::string to_hub_position(const rules::BasicPosition<V>& position);

}  // namespace draughts::protocol
