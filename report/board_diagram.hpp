#pragma once
// SVG diagrams of the board (White at the bottom, squares numbered from Black's side as in FMJD
// diagrams, 1-50 on 10x10 and 1-32 on 8x8): a position with its men and kings, or a value per
// square as a heat map. Each playable square is a group whose class names its content (e: empty,
// wm, wk, bm, bk), so the page's game viewer changes a position by changing classes only. The
// report's pages and Python's Board.svg() draw with the same function; a diagram drawn alone
// carries the board's style sheet (report/assets/board.css) inside it.

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "rules/position.hpp"

namespace draughts::report {

/// The class of a square's content: "e", "wm", "wk", "bm" or "bk".
std::string_view piece_class(rules::Piece piece);

/// Where a diagram is shown: in a report page (whose style sheet colours it) or alone (a file,
/// a notebook), carrying its own style.
enum class DiagramStyle : unsigned char { Page, Embedded };

/// A diagram of a board whose square n holds `pieces[n - 1]` (50 squares: 10x10, 32: 8x8),
/// `size` units wide; `caption` is its title (text alternative).
std::string board_svg(std::span<const rules::Piece> pieces, std::string_view caption,
                      double size = 320.0, DiagramStyle style = DiagramStyle::Page);

/// A diagram of an international `position` for a report page.
std::string board_svg(const rules::Position& position, std::string_view caption,
                      double size = 320.0);

/// A diagram of one value per square (index 0 is square 1) on the diverging colour scale, each
/// square showing its value (one decimal below 10); NaN squares are grey and show nothing.
std::string board_heat_svg(const std::array<double, 50>& values, double limit,
                           std::string_view caption, double size = 320.0);

/// The row (0 at the top) and column (0 at the left) of square 1..50, or of 1..32 on a board of
/// 4 squares a row.
std::pair<int, int> square_cell(int square, int squares_per_row = 5);

}  // namespace draughts::report
