#include "report/chart_frame.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace draughts::report {

PlotArea plot_area(double width, double height) {
    return PlotArea{60.0, 30.0, width - 16.0, height - 44.0};
}

Axis x_axis(double lo, double hi, const PlotArea& area, std::string label, int max_ticks,
            bool whole_numbers) {
    Ticks ticks = nice_ticks(lo, hi, max_ticks);
    if (whole_numbers && ticks.step < 1.0) {
        // A short range of whole numbers: a tick at each of them.
        ticks = Ticks{{}, 1.0};
        for (double v = std::floor(std::min(lo, hi)); v <= std::ceil(std::max(lo, hi)); v += 1.0)
            ticks.values.push_back(v);
        if (ticks.values.size() < 2) ticks.values.push_back(ticks.values.front() + 1.0);
    }
    LinearScale scale(ticks.values.front(), ticks.values.back(), area.left, area.right);
    return Axis{std::move(ticks), scale, std::move(label)};
}

Axis y_axis(double lo, double hi, const PlotArea& area, std::string label, int max_ticks) {
    Ticks ticks = nice_ticks(lo, hi, max_ticks);
    LinearScale scale(ticks.values.front(), ticks.values.back(), area.bottom, area.top);
    return Axis{std::move(ticks), scale, std::move(label)};
}

void draw_axes(Svg& svg, const PlotArea& area, const Axis& x, const Axis& y) {
    svg.open_group("axes");
    for (const double value : y.ticks.values) {
        const double py = y.scale(value);
        svg.line(area.left, py, area.right, py, value == 0.0 ? "zero" : "grid");
        svg.text(area.left - 6.0, py + 4.0, tick_label(value, y.ticks.step), "tick", Anchor::End);
    }
    for (const double value : x.ticks.values) {
        const double px = x.scale(value);
        svg.line(px, area.bottom, px, area.bottom + 5.0, "tickmark");
        svg.text(px, area.bottom + 18.0, tick_label(value, x.ticks.step), "tick", Anchor::Middle);
    }
    svg.line(area.left, area.bottom, area.right, area.bottom, "axis");
    svg.line(area.left, area.top, area.left, area.bottom, "axis");
    if (!x.label.empty())
        svg.text((area.left + area.right) / 2.0, area.bottom + 36.0, x.label, "label",
                 Anchor::Middle);
    if (!y.label.empty()) svg.vertical_text(14.0, (area.top + area.bottom) / 2.0, y.label, "label");
    svg.close_group();
}

void draw_legend(Svg& svg, const PlotArea& area, const std::vector<std::string>& names) {
    if (names.size() < 2) return;
    svg.open_group("legend");
    double x = area.left;
    for (std::size_t i = 0; i < names.size(); ++i) {
        svg.rect(x, area.top - 20.0, 12.0, 12.0, series_class(i) + " swatch");
        svg.text(x + 16.0, area.top - 10.0, names[i], "legend-text");
        // Text width estimated from its length: SVG has no layout, and the legend only needs
        // entries not to overlap.
        x += 28.0 + 7.0 * static_cast<double>(std::min<std::size_t>(names[i].size(), 40));
    }
    svg.close_group();
}

std::string series_class(std::size_t index) { return fmt::format("s{}", index % 8); }

}  // namespace draughts::report
