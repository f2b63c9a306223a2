#include "report/bar_chart.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/chart_frame.hpp"

namespace draughts::report {

namespace {

double value_at(const BarSeries& s, std::size_t category) {
    if (category >= s.values.size() || !std::isfinite(s.values[category])) return 0.0;
    return s.values[category];
}

/// The lowest bar value (0 unless unstacked bars go below it).
double lowest(const BarChart& chart) {
    double bottom = 0.0;
    if (chart.stacked) return bottom;
    for (const BarSeries& s : chart.series)
        for (std::size_t c = 0; c < chart.categories.size(); ++c)
            bottom = std::min(bottom, value_at(s, c));
    return bottom;
}

/// The largest bar (or stack) height, at least 1 so an all-zero chart still has an axis.
double highest(const BarChart& chart) {
    double top = 0.0;
    for (std::size_t c = 0; c < chart.categories.size(); ++c) {
        double stack = 0.0;
        for (const BarSeries& s : chart.series) {
            const double v = std::max(0.0, value_at(s, c));
            stack = chart.stacked ? stack + v : std::max(stack, v);
        }
        top = std::max(top, stack);
    }
    return std::max(top, 1.0);
}

std::string value_text(double value) { return fmt::format("{:.6g}", value); }

/// The longest category label, in characters (capped: longer ones run into the next).
std::size_t longest_label(const BarChart& chart) {
    std::size_t longest = 1;
    for (const std::string& c : chart.categories) longest = std::max(longest, c.size());
    return std::min<std::size_t>(longest, 28);
}

/// Whether labels are slanted: words that do not fit their slot, and few enough of them to read
/// (a histogram of many numeric bins is thinned out instead).
bool slanted(const BarChart& chart, double slot) {
    return 6.5 * static_cast<double>(longest_label(chart)) > slot && chart.categories.size() <= 30;
}

/// Room below the plot for slanted labels (35 degrees: about 0.57 of their length).
double slant_room(const BarChart& chart) {
    return 10.0 + 6.5 * 0.57 * static_cast<double>(longest_label(chart));
}

/// Category labels: level, slanted when they are words too long for their slot, or thinned out.
void draw_categories(Svg& svg, const BarChart& chart, const PlotArea& area, double slot) {
    const std::size_t n = chart.categories.size();
    const bool slant = slanted(chart, slot);
    const auto every = static_cast<std::size_t>(
        slant ? 1.0
              : std::max(1.0, std::ceil(7.0 * static_cast<double>(longest_label(chart)) /
                                        std::max(slot, 1.0))));
    for (std::size_t c = 0; c < n; c += every) {
        const double x = area.left + slot * (static_cast<double>(c) + 0.5);
        if (slant)
            svg.rotated_text(x + 4.0, area.bottom + 12.0, chart.categories[c], "tick", -35.0,
                             Anchor::End);
        else
            svg.text(x, area.bottom + 16.0, chart.categories[c], "tick", Anchor::Middle);
    }
    if (!chart.x_label.empty())
        svg.text((area.left + area.right) / 2.0, chart.height - 8.0, chart.x_label, "label",
                 Anchor::Middle);
}

}  // namespace

std::string BarChart::svg() const {
    Svg image(width, height, title);
    PlotArea area = plot_area(width, height);
    const double slot_width =
        (area.right - area.left) / static_cast<double>(std::max<std::size_t>(1, categories.size()));
    if (slanted(*this, slot_width)) area.bottom = height - 26.0 - slant_room(*this);
    Axis y = y_axis(lowest(*this), highest(*this), area, y_label);
    Axis x{Ticks{}, LinearScale(0.0, 1.0, area.left, area.right), ""};
    draw_axes(image, area, x, y);
    const double slot =
        (area.right - area.left) / static_cast<double>(std::max<std::size_t>(1, categories.size()));
    const double bars =
        stacked ? 1.0 : static_cast<double>(std::max<std::size_t>(1, series.size()));
    const double bar_width = slot * 0.8 / bars;
    for (std::size_t si = 0; si < series.size(); ++si) {
        image.open_group("series " + series_class(si), "series", series[si].name);
        for (std::size_t c = 0; c < categories.size(); ++c) {
            // Stacks add up positive values; side-by-side bars may go below zero.
            const double v =
                stacked ? std::max(0.0, value_at(series[si], c)) : value_at(series[si], c);
            double base = 0.0;
            if (stacked)
                for (std::size_t below = 0; below < si; ++below)
                    base += std::max(0.0, value_at(series[below], c));
            const double x0 = area.left + slot * static_cast<double>(c) + slot * 0.1 +
                              (stacked ? 0.0 : bar_width * static_cast<double>(si));
            const double top = std::min(y.scale(base + v), y.scale(base));
            const std::string tip =
                series.size() > 1
                    ? fmt::format("{}, {}: {}", categories[c], series[si].name, value_text(v))
                    : fmt::format("{}: {}", categories[c], value_text(v));
            image.rect(x0, top, bar_width, std::abs(y.scale(base + v) - y.scale(base)), "bar", tip);
        }
        image.close_group();
    }
    draw_categories(image, *this, area, slot);
    std::vector<std::string> names;
    for (const BarSeries& s : series) names.push_back(s.name);
    draw_legend(image, area, names);
    return image.str();
}

Figure BarChart::figure(std::string id) const {
    DataTable table;
    table.headers.push_back(x_label.empty() ? "category" : x_label);
    for (const BarSeries& s : series) table.headers.push_back(series.size() > 1 ? s.name : y_label);
    for (std::size_t c = 0; c < categories.size(); ++c) {
        std::vector<std::string> row{categories[c]};
        for (const BarSeries& s : series) row.push_back(value_text(value_at(s, c)));
        table.rows.push_back(std::move(row));
    }
    table.numeric.assign(series.size() + 1, true);
    table.numeric[0] = false;
    return Figure{std::move(id), title, svg(), std::move(table), {}};
}

}  // namespace draughts::report
