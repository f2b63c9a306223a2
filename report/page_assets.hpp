#pragma once
// The style sheet and script of every report page, kept as files in report/assets/ and compiled
// in (generated from page_assets.cpp.in), so a report is one self-contained file.

#include <string_view>

namespace draughts::report {

/// report/assets/report.css, then board.css.
std::string_view page_css();

/// report/assets/board.css: the board diagrams' style, embedded in a diagram drawn alone.
std::string_view board_css();

/// report/assets/viewer.js: the game viewer and the page's ready flag.
std::string_view page_script();

}  // namespace draughts::report
