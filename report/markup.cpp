#include "report/markup.hpp"

#include "common/utf8.hpp"

namespace draughts::report {

std::string escape_markup(std::string_view text) {
    const std::string utf8 = text_as_utf8(text);
    std::string out;
    out.reserve(utf8.size() + utf8.size() / 8);
    for (const char c : utf8) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                // XML 1.0 allows no control characters but tab, newline and carriage return.
                if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n') out += c;
                break;
        }
    }
    return out;
}

std::string escape_script(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        if (c == '<')
            out += "\\u003c";
        else
            out += c;
    }
    return out;
}

}  // namespace draughts::report
