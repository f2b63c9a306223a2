#pragma once

#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::rules {

// Moves are written with the variant's square numbers (1-50, or 1-32 on 64 squares); the
// functions are defined in move_notation.cpp for the variants of rules/variant.hpp.

/// Short PDN form: `32-28` or `28x19` (origin and destination only). [FMJD 8]
template <typename V>
std::string to_short_notation(const BasicMove<V>& move);

/// Long PDN form of a capture, listing every landing square (`26x37x48x30`); quiet moves as short.
template <typename V>
std::string to_long_notation(const BasicPosition<V>& position, const BasicMove<V>& move);

/// Form for game records: short, or long when another legal move shares the short form.
template <typename V>
std::string to_pdn_notation(const BasicPosition<V>& position, const BasicMove<V>& move);

/// Hub form: quiet `32-28`; a capture as origin x destination x every captured square
/// (`28x19x23`), the captured squares in increasing order.
template <typename V>
std::string to_hub_notation(const BasicMove<V>& move);

/// Reads a move in short, long or Hub form and finds it among the legal moves of `position`.
/// On the 64-square board squares may also be named algebraically (`c3-d4`, `c3:e5`; a1 is
/// square 29, h8 square 4). Errors say whether the text is malformed, matches no legal move, or
/// matches several.
template <typename V>
Expected<BasicMove<V>> parse_move(const BasicPosition<V>& position, std::string_view text);

/// Algebraic name of a square of board B (`a1`..`h8` on 64 squares): file from White's left,
/// rank from White's side.
template <typename B>
std::string algebraic_name(Square square) {
    std::string out;
    out += static_cast<char>('a' + B::column_of(square));
    out += static_cast<char>('0' + B::kSize - B::row_of(square));
    return out;
}

}  // namespace draughts::rules
