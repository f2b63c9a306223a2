#pragma once
// A chart as the page shows it: the title, the SVG image, an optional note, and the table of the
// numbers behind it (the chart's text alternative, folded away until opened).

#include <string>

#include "report/data_table.hpp"

namespace draughts::report {

/// One chart with its title and table; `id` names it in the page (data-chart="ID").
struct Figure {
    std::string id{};
    std::string title{};
    std::string svg{};  ///< an element made by Svg, already escaped
    DataTable table{};
    std::string note{};  ///< text under the chart (escaped when written)

    /// The <figure> element.
    std::string html() const;
};

}  // namespace draughts::report
