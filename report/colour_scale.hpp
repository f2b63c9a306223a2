#pragma once
// Colours of heat maps, readable by colour-blind readers: a diverging scale from purple through
// near-white to orange (no red-green contrast), and its lightness tells the magnitude in print.

#include <string>

namespace draughts::report {

/// "#rrggbb" for `value` on a diverging scale: -limit purple, 0 near-white, +limit orange;
/// values beyond the limit take the end colours; NaN is light grey.
std::string diverging_colour(double value, double limit);

/// Whether text on that colour should be white (the colour is dark) rather than black.
bool needs_light_text(double value, double limit);

}  // namespace draughts::report
