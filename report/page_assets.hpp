#pragma once
// The style sheet and script of every report page, kept as files in report/assets/ and compiled
// in (generated from page_assets.cpp.in), so a report is one self-contained file.

#include <string_view>

namespace draughts::report {

/// report/assets/report.css.
std::string_view page_css();

/// report/assets/viewer.js: the game viewer and the page's ready flag.
std::string_view page_script();

}  // namespace draughts::report
