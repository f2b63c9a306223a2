#include "report/colour_scale.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace draughts::report {

namespace {

using Rgb = std::array<double, 3>;

// The ends and middle of ColorBrewer's PuOr scale, which stays distinguishable for the common
// forms of colour blindness.
constexpr Rgb kNegative{94.0, 60.0, 153.0};
constexpr Rgb kMiddle{247.0, 247.0, 247.0};
constexpr Rgb kPositive{230.0, 97.0, 1.0};

double fraction(double value, double limit) {
    if (!(limit > 0.0)) return 0.0;
    return std::clamp(value / limit, -1.0, 1.0);
}

}  // namespace

std::string diverging_colour(double value, double limit) {
    if (std::isnan(value)) return "#dddddd";
    const double t = fraction(value, limit);
    const Rgb& end = t < 0.0 ? kNegative : kPositive;
    const double a = std::abs(t);
    std::array<int, 3> rgb{};
    for (std::size_t i = 0; i < 3; ++i)
        rgb[i] = static_cast<int>(std::lround(kMiddle[i] + (end[i] - kMiddle[i]) * a));
    return fmt::format("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]);
}

bool needs_light_text(double value, double limit) {
    return !std::isnan(value) && std::abs(fraction(value, limit)) > 0.6;
}

}  // namespace draughts::report
