#pragma once
// What the report's x-y charts share: the plot area inside the image, the axes with their grid,
// ticks and labels, the legend, and the CSS class of each data series (the page's colour-blind
// safe palette, Okabe and Ito).

#include <string>
#include <string_view>
#include <vector>

#include "report/scale.hpp"
#include "report/svg.hpp"

namespace draughts::report {

/// The rectangle of an image where data is drawn (in SVG units), the rest holding axes.
struct PlotArea {
    double left = 60.0;
    double top = 28.0;
    double right = 620.0;
    double bottom = 250.0;
};

/// The standard plot area of a width x height image.
PlotArea plot_area(double width, double height);

/// One axis: its ticks, the scale from data to SVG units, and its label.
struct Axis {
    Ticks ticks;
    LinearScale scale;
    std::string label;
};

/// An x axis over the data range [lo, hi] of `area` (ticks at nice values; with `whole_numbers`,
/// such as counts of pairs or epochs, no step below 1).
Axis x_axis(double lo, double hi, const PlotArea& area, std::string label, int max_ticks = 8,
            bool whole_numbers = false);
/// A y axis over [lo, hi] (SVG's y grows downwards: the scale is reversed).
Axis y_axis(double lo, double hi, const PlotArea& area, std::string label, int max_ticks = 6);

/// Grid lines, tick labels and axis labels of both axes, and the frame of the plot area.
void draw_axes(Svg& svg, const PlotArea& area, const Axis& x, const Axis& y);

/// A row of legend entries (a colour swatch and a name per series) above the plot area.
void draw_legend(Svg& svg, const PlotArea& area, const std::vector<std::string>& names);

/// The CSS class of series `index` ("s0" ... "s7", then again from "s0").
std::string series_class(std::size_t index);

}  // namespace draughts::report
