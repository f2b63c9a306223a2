#pragma once
// Escaping of text put into the report's HTML and SVG: engine names, PDN tags, file paths and
// command lines come from users and files, so every piece of text goes through escape_markup.

#include <string>
#include <string_view>

namespace draughts::report {

/// `text` safe inside an HTML or SVG element or a double- or single-quoted attribute: & < > " '
/// become character references, control characters other than tab and newline are dropped, and
/// bytes that are not UTF-8 are read as Latin-1 (as PDN files of older programs are).
std::string escape_markup(std::string_view text);

/// JSON text safe inside a <script> element: every '<' (only possible inside JSON strings)
/// becomes the escape \u003c, so no "</script" or "<!--" can end or disturb the element.
std::string escape_script(std::string_view text);

}  // namespace draughts::report
