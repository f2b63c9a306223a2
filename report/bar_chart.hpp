#pragma once
// Bar charts: categories along x, one bar per series in each category (side by side, going below
// zero for negative values, or stacked), used for the pentanomial distribution, terminations per
// engine, histograms and the changes of tuned weights.

#include <string>
#include <vector>

#include "report/figure.hpp"

namespace draughts::report {

/// One series of bar values, one per category.
struct BarSeries {
    std::string name{};
    std::vector<double> values{};
};

/// A bar chart; figure() draws it and tabulates its values.
struct BarChart {
    std::string title{};
    std::string x_label{};
    std::string y_label{};
    std::vector<std::string> categories{};
    std::vector<BarSeries> series{};
    bool stacked = false;
    double width = 640.0;
    double height = 280.0;

    /// The SVG image.
    std::string svg() const;
    /// The image with a table: a row per category, a column per series.
    Figure figure(std::string id) const;
};

}  // namespace draughts::report
