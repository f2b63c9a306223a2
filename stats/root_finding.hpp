#pragma once
// One-dimensional root finding for the maximum-likelihood problems of the SPRT.

#include <functional>
#include <optional>

namespace draughts::harness {

/// Tolerances of brent_root: stop when the bracket is narrower than absolute + relative * |x|.
/// Tighter than scipy's brentq default (2e-12) that fishtest uses: the SPRT's roots can sit
/// next to a pole, where q_i = p_i / (1 + t x_i) is very sensitive to t.
struct RootTolerance {
    double absolute = 1e-15;
    double relative = 8.881784197001252e-16;
    int max_iterations = 200;
};

/// Brent's method (inverse quadratic interpolation, secant and bisection steps) on [lo, hi].
/// Returns nullopt unless f(lo) and f(hi) have opposite signs (or one is zero) and are finite.
std::optional<double> brent_root(const std::function<double(double)>& f, double lo, double hi,
                                 const RootTolerance& tolerance = {});

}  // namespace draughts::harness
