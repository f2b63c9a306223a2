#pragma once
// A floating-point value converted to an integer type, clamped to the type's range. A plain
// static_cast of a value outside the range (1e300 read from a damaged file) is undefined
// behaviour, which GCC's -fsanitize=undefined does not even report (float-cast-overflow is
// separate): every number read from untrusted text goes through this instead.

#include <cmath>
#include <limits>

namespace draughts {

/// `value` as an I, clamped to I's range; NaN gives 0.
template <typename I>
constexpr I saturating_cast(double value) {
    if (std::isnan(value)) return 0;
    // The largest double below 2^digits is exactly representable; compare against the bounds as
    // doubles, which for 64-bit types round up to 2^63: >= catches that case.
    constexpr double kLow = static_cast<double>(std::numeric_limits<I>::min());
    constexpr double kHigh = static_cast<double>(std::numeric_limits<I>::max());
    if (value <= kLow) return std::numeric_limits<I>::min();
    if (value >= kHigh) return std::numeric_limits<I>::max();
    return static_cast<I>(value);
}

}  // namespace draughts
