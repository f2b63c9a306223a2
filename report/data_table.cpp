#include "report/data_table.hpp"

#include <fmt/format.h>

#include "report/markup.hpp"

namespace draughts::report {

std::string DataTable::html() const {
    std::string out = fmt::format("<table class=\"{}\">", escape_markup(css_class));
    if (!caption.empty()) out += fmt::format("<caption>{}</caption>", escape_markup(caption));
    const auto cell_class = [this](std::size_t column) {
        return column < numeric.size() && numeric[column] ? " class=\"n\"" : "";
    };
    out += "<thead><tr>";
    for (std::size_t c = 0; c < headers.size(); ++c)
        out += fmt::format("<th scope=\"col\"{}>{}</th>", cell_class(c), escape_markup(headers[c]));
    out += "</tr></thead><tbody>";
    for (const auto& row : rows) {
        out += "<tr>";
        for (std::size_t c = 0; c < row.size(); ++c)
            out += fmt::format("<td{}>{}</td>", cell_class(c), escape_markup(row[c]));
        out += "</tr>";
    }
    out += "</tbody></table>";
    return out;
}

}  // namespace draughts::report
