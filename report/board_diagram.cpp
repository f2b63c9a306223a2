#include "report/board_diagram.hpp"

#include <fmt/format.h>

#include <cmath>

#include "report/colour_scale.hpp"
#include "report/svg.hpp"

namespace draughts::report {

std::pair<int, int> square_cell(int square) {
    const int row = (square - 1) / 5;
    // Even rows (counted from 0 at the top) start with a light square.
    const int column = 2 * ((square - 1) % 5) + (row % 2 == 0 ? 1 : 0);
    return {row, column};
}

std::string_view piece_class(rules::Piece piece) {
    switch (piece) {
        case rules::Piece::WhiteMan:
            return "wm";
        case rules::Piece::WhiteKing:
            return "wk";
        case rules::Piece::BlackMan:
            return "bm";
        case rules::Piece::BlackKing:
            return "bk";
        case rules::Piece::None:
            break;
    }
    return "e";
}

namespace {

/// The light squares and the frame of a board diagram.
void draw_light_squares(Svg& svg, double cell) {
    svg.rect(0.0, 0.0, 10.0 * cell, 10.0 * cell, "board-light");
    svg.rect(0.0, 0.0, 10.0 * cell, 10.0 * cell, "board-frame");
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

std::string board_svg(const rules::Position& position, std::string_view caption, double size) {
    Svg svg(size, size, caption, "board");
    const double cell = size / 10.0;
    draw_light_squares(svg, cell);
    for (int square = 1; square <= 50; ++square) {
        const auto [row, column] = square_cell(square);
        const double x = column * cell;
        const double y = row * cell;
        svg.open_group(fmt::format("sq {}", piece_class(position.piece_at(square))), "sq",
                       std::to_string(square));
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
    draw_light_squares(svg, cell);
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
