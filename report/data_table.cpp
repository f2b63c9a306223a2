#include "report/data_table.hpp"

#include <fmt/format.h>

#include "report/markup.hpp"

namespace draughts::report {

std::string DataTable::html() const {
    std::string out = fmt::format("<table class=\"{}\">", escape_markup(css_class));
    if (!caption.empty()) out += fmt::format("<caption>{}</caption>", escape_markup(caption));
    const auto cell_class = [this](std::size_t column) {
        const bool n = column < numeric.size() && numeric[column];
        const bool b = column < breakable.size() && breakable[column];
        return n && b ? " class=\"n b\"" : n ? " class=\"n\"" : b ? " class=\"b\"" : "";
    };
    out += "<thead><tr>";
    for (std::size_t c = 0; c < headers.size(); ++c)
        out += fmt::format("<th scope=\"col\"{}>{}</th>", cell_class(c), escape_markup(headers[c]));
    out += "</tr></thead><tbody>";
    for (const auto& row : rows) {
        out += "<tr>";
        for (std::size_t c = 0; c < row.size(); ++c) {
            const char* tag = c == 0 && row_labels ? "th" : "td";
            out += fmt::format("<{}{}{}>{}</{}>", tag, c == 0 && row_labels ? " scope=\"row\"" : "",
                               cell_class(c), escape_markup(row[c]), tag);
        }
        out += "</tr>";
    }
    out += "</tbody></table>";
    return out;
}

}  // namespace draughts::report
