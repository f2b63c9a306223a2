#pragma once

#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "rules/position.hpp"

namespace draughts::rules {

/// The FEN of the initial position of international draughts (V::kInitialFen for the others).
inline constexpr std::string_view kInitialFen = International::kInitialFen;

/// Reads a PDN 3.0 FEN of variant V such as `W:W31-50:B1-20` or `B:WK31,33:B1-5,K10.`: ranges,
/// K prefixes (on a range: all kings), a trailing dot, spaces around items, either colour order,
/// and empty colours are accepted. Squares must be on V's board (1-50, or 1-32 on 64 squares).
/// Errors name the offending item. Defined for the variants of rules/variant.hpp.
template <typename V = International>
Expected<BasicPosition<V>> parse_fen(std::string_view fen);

/// parse_fen<V> with the variant and its squares added to an error, as the command line reports a
/// FEN: `... (brazilian draughts, squares 1-32)`.
template <typename V = International>
Expected<BasicPosition<V>> parse_fen_for_variant(std::string_view fen) {
    auto position = parse_fen<V>(fen);
    if (position) return position;
    return make_error(position.error().message + " (" + std::string(V::kName) +
                      " draughts, squares 1-" + std::to_string(V::Board::kNumSquares) + ")");
}

/// Writes a FEN with ranges for runs of consecutive squares and no trailing dot.
template <typename V>
std::string to_fen(const BasicPosition<V>& position);

}  // namespace draughts::rules
