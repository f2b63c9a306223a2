#pragma once
// The report page: a heading, a table of contents and sections, with the style sheet and the
// script inline, so the file works offline and alone.

#include <string>
#include <vector>

namespace draughts::report {

/// One section of the page: `html` is its content, already escaped.
struct Section {
    std::string id{};
    std::string heading{};
    std::string html{};
};

/// The whole page; html() writes it.
struct HtmlPage {
    std::string title{};
    std::string subtitle{};
    std::vector<Section> sections{};

    std::string html() const;
};

}  // namespace draughts::report
