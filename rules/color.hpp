#pragma once

namespace draughts::rules {

/// Side in a game; White moves first and starts on squares 31-50. [FMJD 2.8, 3.3]
enum class Color : unsigned char { White = 0, Black = 1 };

constexpr Color opposite(Color c) { return c == Color::White ? Color::Black : Color::White; }
constexpr int index_of(Color c) { return static_cast<int>(c); }
constexpr char color_letter(Color c) { return c == Color::White ? 'W' : 'B'; }
/// "White" or "Black", as game texts name the sides.
constexpr const char* color_name(Color c) { return c == Color::White ? "White" : "Black"; }

}  // namespace draughts::rules
