#pragma once
// SVG diagrams of the board (White at the bottom, squares numbered from Black's side as in FMJD
// diagrams: 1-50 on 10x10, 1-32 on the 8x8 board of Brazilian and Russian draughts): a position
// with its men and kings, or (10x10) a value per square as a heat map. Each playable square is a
// group whose class names its content (e: empty, wm, wk, bm, bk), so the page's game viewer
// changes a position by changing classes only. The report's pages and Python's Board.svg() draw
// with the same function; a diagram drawn alone carries the board's style sheet
// (report/assets/board.css) inside it.

#include <array>
#include <string>
#include <string_view>

#include "report/board_code.hpp"

namespace draughts::report {

/// The class of a square's content (a BoardCode character): "e", "wm", "wk", "bm" or "bk".
std::string_view piece_class(char square);

/// Where a diagram is shown: in a report page (whose style sheet colours it) or alone (a file,
/// a notebook), carrying its own style.
enum class DiagramStyle : unsigned char { Page, Embedded };

/// A diagram of `board` (its own size), `size` units wide; `caption` is its title (text
/// alternative). The <svg>'s class is "board board-10x10" or "board board-8x8".
std::string board_svg(const BoardCode& board, std::string_view caption, double size = 320.0,
                      DiagramStyle style = DiagramStyle::Page);

/// A diagram of one value per square (index 0 is square 1) on the diverging colour scale, each
/// square showing its value (one decimal below 10); NaN squares are grey and show nothing.
std::string board_heat_svg(const std::array<double, 50>& values, double limit,
                           std::string_view caption, double size = 320.0);

/// The row (0 at the top) and column (0 at the left) of a square of a board of `board_size`
/// squares a side (1..50 on 10, 1..32 on 8).
std::pair<int, int> square_cell(int square, int board_size = 10);

}  // namespace draughts::report
