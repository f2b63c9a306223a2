#pragma once

#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::rules {

/// Short PDN form: `32-28` or `28x19` (origin and destination only). [FMJD 8]
std::string to_short_notation(const Move& move);

/// Long PDN form of a capture, listing every landing square (`26x37x48x30`); quiet moves as short.
std::string to_long_notation(const Position& position, const Move& move);

/// Form for game records: short, or long when another legal move shares the short form.
std::string to_pdn_notation(const Position& position, const Move& move);

/// Hub form: quiet `32-28`; a capture as origin x destination x every captured square
/// (`28x19x23`), the captured squares in increasing order.
std::string to_hub_notation(const Move& move);

/// Reads a move in short, long or Hub form and finds it among the legal moves of `position`.
/// Errors say whether the text is malformed, matches no legal move, or matches several.
Expected<Move> parse_move(const Position& position, std::string_view text);

}  // namespace draughts::rules
