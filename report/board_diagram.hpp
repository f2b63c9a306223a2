#pragma once
// SVG diagrams of the 10x10 board (White at the bottom, squares numbered 1-50 from Black's side
// as in FMJD diagrams): a position with its men and kings, or a value per square as a heat map.
// Each playable square is a group whose class names its content (e: empty, wm, wk, bm, bk), so
// the page's game viewer changes a position by changing classes only.

#include <array>
#include <string>
#include <string_view>

#include "rules/position.hpp"

namespace draughts::report {

/// The class of a square's content: "e", "wm", "wk", "bm" or "bk".
std::string_view piece_class(rules::Piece piece);

/// A diagram of `position`, `size` units wide; `caption` is its title (text alternative).
std::string board_svg(const rules::Position& position, std::string_view caption,
                      double size = 320.0);

/// A diagram of one value per square (index 0 is square 1) on the diverging colour scale, each
/// square showing its value (one decimal below 10); NaN squares are grey and show nothing.
std::string board_heat_svg(const std::array<double, 50>& values, double limit,
                           std::string_view caption, double size = 320.0);

/// The row (0 at the top) and column (0 at the left) of square 1..50.
std::pair<int, int> square_cell(int square);

}  // namespace draughts::report
