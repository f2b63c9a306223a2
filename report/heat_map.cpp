#include "report/heat_map.hpp"

#include <algorithm>
#include <limits>

#include "report/colour_scale.hpp"
#include "report/svg.hpp"

namespace draughts::report {

namespace {

constexpr double kCell = 64.0;
constexpr double kCellHeight = 28.0;

double label_width(const std::vector<std::string>& labels) {
    std::size_t longest = 4;
    for (const std::string& l : labels)
        longest = std::max(longest, std::min<std::size_t>(l.size(), 30));
    return 8.0 + 7.0 * static_cast<double>(longest);
}

std::string cell_text(const HeatMap& map, std::size_t r, std::size_t c) {
    if (r < map.cells.size() && c < map.cells[r].size()) return map.cells[r][c];
    return "";
}

}  // namespace

std::string HeatMap::svg() const {
    const double left = label_width(row_labels);
    const double top = 30.0;
    const double width = left + kCell * static_cast<double>(column_labels.size()) + 8.0;
    const double height = top + kCellHeight * static_cast<double>(row_labels.size()) + 8.0;
    Svg image(width, height, title);
    for (std::size_t c = 0; c < column_labels.size(); ++c)
        image.text(left + kCell * (static_cast<double>(c) + 0.5), top - 8.0, column_labels[c],
                   "tick", Anchor::Middle);
    for (std::size_t r = 0; r < row_labels.size(); ++r) {
        const double y = top + kCellHeight * static_cast<double>(r);
        image.text(left - 6.0, y + kCellHeight / 2.0 + 4.0, row_labels[r], "tick", Anchor::End);
        for (std::size_t c = 0; c < column_labels.size(); ++c) {
            const double v = r < values.size() && c < values[r].size()
                                 ? values[r][c]
                                 : std::numeric_limits<double>::quiet_NaN();
            const double x = left + kCell * static_cast<double>(c);
            const std::string text = cell_text(*this, r, c);
            image.filled_rect(x, y, kCell - 2.0, kCellHeight - 2.0,
                              diverging_colour(v - centre, limit),
                              row_labels[r] + " v " + column_labels[c] + ": " + text);
            image.text(x + kCell / 2.0 - 1.0, y + kCellHeight / 2.0 + 3.0, text,
                       needs_light_text(v - centre, limit) ? "cell light" : "cell", Anchor::Middle);
        }
    }
    return image.str();
}

Figure HeatMap::figure(std::string id) const {
    DataTable table;
    table.headers.push_back("");
    table.headers.insert(table.headers.end(), column_labels.begin(), column_labels.end());
    for (std::size_t r = 0; r < row_labels.size(); ++r) {
        std::vector<std::string> row{row_labels[r]};
        for (std::size_t c = 0; c < column_labels.size(); ++c)
            row.push_back(cell_text(*this, r, c));
        table.rows.push_back(std::move(row));
    }
    table.numeric.assign(column_labels.size() + 1, true);
    table.numeric[0] = false;
    return Figure{std::move(id), title, svg(), std::move(table), {}};
}

}  // namespace draughts::report
