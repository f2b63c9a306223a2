#pragma once
// Character helpers shared by the files of the DXP codec (dxp_message.cpp, dxp_format.cpp,
// dxp_position.cpp): what counts as a digit or printable, how a message is quoted in errors.

#include <cstddef>
#include <string>
#include <string_view>

#include "rules/color.hpp"

namespace draughts::protocol::dxp_detail {

/// Longest message text quoted in an error; longer text is cut.
inline constexpr std::size_t kMaxQuoted = 140;

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_printable(char c) { return c >= 0x20 && c < 0x7f; }
/// DXP's colour letters: W (white) and Z (zwart, black).
inline char color_char(rules::Color c) { return c == rules::Color::White ? 'W' : 'Z'; }

/// The text as it may appear in an error: quoted, printable, NUL shown as \0, cut when long.
inline std::string quoted(std::string_view text) {
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size() && i < kMaxQuoted; ++i) {
        const char c = text[i];
        if (c == '\0') {
            out += "\\0";
        } else {
            out += is_printable(c) ? c : '?';
        }
    }
    if (text.size() > kMaxQuoted) out += "...";
    return out + "\"";
}

}  // namespace draughts::protocol::dxp_detail
