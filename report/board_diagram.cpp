#include "report/board_diagram.hpp"

#include <fmt/format.h>

#include <cassert>
#include <cmath>
#include <vector>

#include "report/colour_scale.hpp"
#include "report/page_assets.hpp"
#include "report/svg.hpp"

namespace draughts::report {

std::pair<int, int> square_cell(int square, int board_size) {
    const int per_row = board_size / 2;
    const int row = (square - 1) / per_row;
    // Even rows (counted from 0 at the top) start with a light square.
    const int column = 2 * ((square - 1) % per_row) + (row % 2 == 0 ? 1 : 0);
    return {row, column};
}

std::string_view piece_class(char square) {
    switch (square) {
        case 'w':
            return "wm";
        case 'W':
            return "wk";
        case 'b':
            return "bm";
        case 'B':
            return "bk";
        default:
            break;
    }
    return "e";
}

namespace {

/// The light squares and the frame of a board diagram of `board_size` squares a side.
void draw_light_squares(Svg& svg, double cell, int board_size) {
    const double side = board_size * cell;
    svg.rect(0.0, 0.0, side, side, "board-light");
    svg.rect(0.0, 0.0, side, side, "board-frame");
}

/// A square's value: whole numbers from 10 up, one decimal below (small pattern values would
/// all show as 0), nothing for NaN.
std::string value_label(double v) {
    if (!std::isfinite(v)) return "";
    const int decimals = std::abs(v) >= 9.95 ? 0 : 1;
    const double rounded = std::round(v * (decimals ? 10.0 : 1.0)) / (decimals ? 10.0 : 1.0);
    return fmt::format("{:.{}f}", rounded == 0.0 ? 0.0 : rounded, decimals);
}

}  // namespace

std::string board_svg(const BoardCode& board, std::string_view caption, double size,
                      DiagramStyle style) {
    Svg svg(size, size, caption, fmt::format("board board-{0}x{0}", board.size));
    if (style == DiagramStyle::Embedded) svg.style(board_css());
    const double cell = size / board.size;
    draw_light_squares(svg, cell, board.size);
    const int squares = static_cast<int>(board.squares.size());
    for (int square = 1; square <= squares; ++square) {
        const auto [row, column] = square_cell(square, board.size);
        const double x = column * cell;
        const double y = row * cell;
        svg.open_group(
            fmt::format("sq {}", piece_class(board.squares[static_cast<std::size_t>(square - 1)])),
            "sq", std::to_string(square));
        svg.rect(x, y, cell, cell, "dark");
        svg.text(x + 2.0, y + cell * 0.28, std::to_string(square), "num");
        svg.circle(x + cell / 2.0, y + cell / 2.0, cell * 0.38, "piece");
        svg.circle(x + cell / 2.0, y + cell / 2.0, cell * 0.18, "crown");
        svg.close_group();
    }
    return svg.str();
}

std::string board_heat_svg(const std::array<double, 50>& values, double limit,
                           std::string_view caption, double size) {
    Svg svg(size, size, caption, "board heat");
    const double cell = size / 10.0;
    draw_light_squares(svg, cell, 10);
    for (int square = 1; square <= 50; ++square) {
        const auto [row, column] = square_cell(square);
        const double v = values[static_cast<std::size_t>(square - 1)];
        const double x = column * cell;
        const double y = row * cell;
        const std::string value_text = value_label(v);
        svg.filled_rect(x, y, cell, cell, diverging_colour(v, limit),
                        fmt::format("square {}: {}", square, value_text));
        svg.text(x + 2.0, y + cell * 0.28, std::to_string(square), "num");
        svg.text(x + cell / 2.0, y + cell * 0.72, value_text,
                 needs_light_text(v, limit) ? "cell light" : "cell", Anchor::Middle);
    }
    return svg.str();
}

}  // namespace draughts::report
