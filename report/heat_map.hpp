#pragma once
// Heat maps: a grid of cells coloured by value on the diverging scale around `centre`, each cell
// labelled with its text; used for the cross-table of several engines.

#include <string>
#include <vector>

#include "report/figure.hpp"

namespace draughts::report {

/// A grid of values (NaN: no value, a grey cell); `cells` holds the text shown in each cell.
struct HeatMap {
    std::string title{};
    std::vector<std::string> row_labels{};
    std::vector<std::string> column_labels{};
    std::vector<std::vector<double>> values{};  ///< [row][column]
    std::vector<std::vector<std::string>> cells{};
    double centre = 0.0;  ///< the value drawn near-white
    double limit = 1.0;   ///< distance from the centre drawn in the full colour

    /// The SVG image.
    std::string svg() const;
    /// The image with the grid's texts as a table.
    Figure figure(std::string id) const;
};

}  // namespace draughts::report
