#pragma once
// Line charts: one or more series of (x, y) points, each with an optional band (an interval
// around every point), and horizontal reference lines (such as the SPRT's bounds).

#include <string>
#include <utility>
#include <vector>

#include "report/figure.hpp"

namespace draughts::report {

/// One line of a chart; `lower` and `upper`, when not empty, hold the band at each point.
struct LineSeries {
    std::string name{};
    std::vector<std::pair<double, double>> points{};
    std::vector<double> lower{};
    std::vector<double> upper{};
};

/// A horizontal line across the plot at `value`, labelled at its right end.
struct ReferenceLine {
    double value = 0.0;
    std::string label{};
};

/// A line chart; figure() draws it and tabulates its points.
struct LineChart {
    std::string title{};
    std::string x_label{};
    std::string y_label{};
    std::vector<LineSeries> series{};
    std::vector<ReferenceLine> references{};
    bool whole_x = true;  ///< x counts something (pairs, epochs, moves): no fractional ticks
    double width = 640.0;
    double height = 280.0;

    /// The SVG image.
    std::string svg() const;
    /// The image with a table of every series' points (x, then y and band of each series).
    Figure figure(std::string id) const;
};

}  // namespace draughts::report
