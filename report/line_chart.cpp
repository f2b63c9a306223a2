#include "report/line_chart.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "report/chart_frame.hpp"

namespace draughts::report {

namespace {

/// The data range of the chart, x and y (bands and reference lines included).
struct Extent {
    double x_lo = std::numeric_limits<double>::infinity();
    double x_hi = -std::numeric_limits<double>::infinity();
    double y_lo = std::numeric_limits<double>::infinity();
    double y_hi = -std::numeric_limits<double>::infinity();

    void add_y(double y) {
        if (!std::isfinite(y)) return;
        y_lo = std::min(y_lo, y);
        y_hi = std::max(y_hi, y);
    }
};

Extent extent_of(const LineChart& chart) {
    Extent e;
    for (const LineSeries& s : chart.series) {
        for (std::size_t i = 0; i < s.points.size(); ++i) {
            const auto [x, y] = s.points[i];
            if (!std::isfinite(x)) continue;
            e.x_lo = std::min(e.x_lo, x);
            e.x_hi = std::max(e.x_hi, x);
            e.add_y(y);
            if (i < s.lower.size()) e.add_y(s.lower[i]);
            if (i < s.upper.size()) e.add_y(s.upper[i]);
        }
    }
    for (const ReferenceLine& r : chart.references) e.add_y(r.value);
    return e;
}

/// The band of a series as one closed polygon: upper edge forwards, lower edge backwards.
void draw_band(Svg& svg, const LineSeries& s, const Axis& x, const Axis& y, std::size_t index) {
    if (s.lower.size() != s.points.size() || s.upper.size() != s.points.size()) return;
    std::vector<std::pair<double, double>> polygon;
    for (std::size_t i = 0; i < s.points.size(); ++i)
        if (std::isfinite(s.upper[i]))
            polygon.emplace_back(x.scale(s.points[i].first), y.scale(s.upper[i]));
    for (std::size_t i = s.points.size(); i-- > 0;)
        if (std::isfinite(s.lower[i]))
            polygon.emplace_back(x.scale(s.points[i].first), y.scale(s.lower[i]));
    svg.polyline(polygon, series_class(index) + " band");
}

}  // namespace

std::string LineChart::svg() const {
    Svg image(width, height, title);
    const PlotArea area = plot_area(width, height);
    const Extent e = extent_of(*this);
    const bool empty = !(e.x_lo <= e.x_hi);
    const Axis x = x_axis(empty ? 0.0 : e.x_lo, empty ? 1.0 : e.x_hi, area, x_label, 8, whole_x);
    const Axis y =
        y_axis(e.y_lo <= e.y_hi ? e.y_lo : 0.0, e.y_lo <= e.y_hi ? e.y_hi : 1.0, area, y_label);
    draw_axes(image, area, x, y);
    for (const ReferenceLine& r : references) {
        const double py = y.scale(r.value);
        image.line(area.left, py, area.right, py, "reference");
        image.text(area.right - 4.0, py - 4.0, r.label, "reference-text", Anchor::End);
    }
    std::vector<std::string> names;
    for (std::size_t i = 0; i < series.size(); ++i) {
        const LineSeries& s = series[i];
        names.push_back(s.name);
        draw_band(image, s, x, y, i);
        std::vector<std::pair<double, double>> line;
        for (const auto& [px, py] : s.points)
            if (std::isfinite(px) && std::isfinite(py)) line.emplace_back(x.scale(px), y.scale(py));
        image.open_group("series " + series_class(i), "series", s.name);
        image.polyline(line, "line");
        if (line.size() == 1) image.circle(line[0].first, line[0].second, 3.0, "dot");
        image.close_group();
    }
    draw_legend(image, area, names);
    return image.str();
}

namespace {

std::string number_text(double value) {
    if (!std::isfinite(value)) return "";
    return fmt::format("{:.6g}", value);
}

}  // namespace

Figure LineChart::figure(std::string id) const {
    DataTable table;
    table.headers.push_back(x_label);
    // Rows by x value, so series sampled at different x share rows.
    std::map<double, std::vector<std::string>> rows;
    std::size_t columns = 0;
    for (const LineSeries& s : series) {
        const bool band = s.lower.size() == s.points.size() && s.upper.size() == s.points.size();
        table.headers.push_back(series.size() > 1 ? s.name : y_label);
        if (band) {
            table.headers.push_back("low");
            table.headers.push_back("high");
        }
        const std::size_t width_of_series = band ? 3 : 1;
        for (std::size_t i = 0; i < s.points.size(); ++i) {
            auto& row = rows[s.points[i].first];
            row.resize(columns + width_of_series);
            row[columns] = number_text(s.points[i].second);
            if (band) {
                row[columns + 1] = number_text(s.lower[i]);
                row[columns + 2] = number_text(s.upper[i]);
            }
        }
        columns += width_of_series;
    }
    for (auto& [x, cells] : rows) {
        cells.resize(columns);
        std::vector<std::string> row{number_text(x)};
        row.insert(row.end(), cells.begin(), cells.end());
        table.rows.push_back(std::move(row));
    }
    table.numeric.assign(columns + 1, true);
    return Figure{std::move(id), title, svg(), std::move(table), {}};
}

}  // namespace draughts::report
