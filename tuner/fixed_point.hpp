#pragma once
// The fixed point of the tuner's exact sums (loss.hpp): a real x is held as the integer
// round(x * 2^44), rounded half away from zero (std::llround's rule). Sums of such integers do
// not depend on the order of their terms, so the loss and gradient come out with the same bits
// for any number of threads and processes.

#include <cmath>
#include <cstdint>

namespace draughts::tuner {

__extension__ using Int128 = __int128;

inline constexpr int kFixedBits = 44;
inline constexpr double kFixedScale = 17592186044416.0;  // 2^kFixedBits

/// std::llround(value * 2^44) without the library call (the hot loop rounds twice per row):
/// the fraction of a double is itself a double, so `scaled - whole` is exact. Requires
/// |value * 2^44| < 2^63.
inline std::int64_t to_fixed(double value) {
    const double scaled = value * kFixedScale;
    const double whole = std::trunc(scaled);
    const double fraction = scaled - whole;
    return static_cast<std::int64_t>(whole) + (fraction >= 0.5 ? 1 : 0) -
           (fraction <= -0.5 ? 1 : 0);
}

inline double from_fixed(Int128 value) { return static_cast<double>(value) / kFixedScale; }

}  // namespace draughts::tuner
