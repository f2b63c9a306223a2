#include "report/figure.hpp"

#include <fmt/format.h>

#include "report/markup.hpp"

namespace draughts::report {

std::string Figure::html() const {
    std::string out =
        fmt::format("<figure class=\"chart-box\" data-chart=\"{}\">", escape_markup(id));
    out += fmt::format("<figcaption>{}</figcaption>", escape_markup(title));
    out += svg;
    if (!note.empty()) out += fmt::format("<p class=\"note\">{}</p>", escape_markup(note));
    out += "<details class=\"numbers\"><summary>Numbers</summary>";
    out += table.html();
    out += "</details></figure>";
    return out;
}

}  // namespace draughts::report
