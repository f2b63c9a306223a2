#include "report/html_page.hpp"

#include <fmt/format.h>

#include "report/markup.hpp"
#include "report/page_assets.hpp"

namespace draughts::report {

std::string HtmlPage::html() const {
    std::string out = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        "<meta name=\"generator\" content=\"draughts report\">"
        "<title>{}</title>\n<style>\n{}</style></head>\n<body "
        "data-ready=\"0\">\n<header><h1>{}</h1>",
        escape_markup(title), page_css(), escape_markup(title));
    if (!subtitle.empty()) out += fmt::format("<p class=\"note\">{}</p>", escape_markup(subtitle));
    out += "</header>\n<nav aria-label=\"Contents\"><ul>";
    for (const Section& s : sections)
        out += fmt::format("<li><a href=\"#{}\">{}</a></li>", escape_markup(s.id),
                           escape_markup(s.heading));
    out += "</ul></nav>\n<main>\n";
    for (const Section& s : sections)
        out += fmt::format("<section id=\"{}\"><h2>{}</h2>\n{}\n</section>\n", escape_markup(s.id),
                           escape_markup(s.heading), s.html);
    out += fmt::format("</main>\n<script>\n{}</script>\n</body></html>\n", page_script());
    return out;
}

}  // namespace draughts::report
