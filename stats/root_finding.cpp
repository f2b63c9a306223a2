#include "stats/root_finding.hpp"

#include <cmath>
#include <utility>

namespace draughts::harness {

namespace {

/// The state of Brent's method: b is the best estimate, a the contrapoint (f(a) f(b) <= 0),
/// c the previous b, d the one before; `bisected` records the kind of the last step.
struct BrentState {
    double a, fa, b, fb, c, fc, d;
    bool bisected;
};

double interpolate(const BrentState& s) {
    if (s.fa != s.fc && s.fb != s.fc) {  // inverse quadratic interpolation through a, b, c
        return s.a * s.fb * s.fc / ((s.fa - s.fb) * (s.fa - s.fc)) +
               s.b * s.fa * s.fc / ((s.fb - s.fa) * (s.fb - s.fc)) +
               s.c * s.fa * s.fb / ((s.fc - s.fa) * (s.fc - s.fb));
    }
    return s.b - s.fb * (s.b - s.a) / (s.fb - s.fa);  // secant
}

/// Brent's safeguards: bisect unless the interpolated point lies between (3a+b)/4 and b and the
/// steps shrink fast enough, which guarantees convergence no slower than bisection.
bool must_bisect(const BrentState& s, double x, double tol) {
    const double quarter = (3.0 * s.a + s.b) / 4.0;
    const bool outside = !((x > quarter && x < s.b) || (x < quarter && x > s.b));
    if (outside || !std::isfinite(x)) return true;
    if (s.bisected)
        return std::abs(x - s.b) >= std::abs(s.b - s.c) / 2.0 || std::abs(s.b - s.c) < tol;
    return std::abs(x - s.b) >= std::abs(s.c - s.d) / 2.0 || std::abs(s.c - s.d) < tol;
}

}  // namespace

std::optional<double> brent_root(const std::function<double(double)>& f, double lo, double hi,
                                 const RootTolerance& tolerance) {
    BrentState s{lo, f(lo), hi, f(hi), 0, 0, 0, true};
    if (!std::isfinite(s.fa) || !std::isfinite(s.fb)) return std::nullopt;
    if (s.fa == 0.0) return s.a;
    if (s.fb == 0.0) return s.b;
    if ((s.fa > 0) == (s.fb > 0)) return std::nullopt;
    if (std::abs(s.fa) < std::abs(s.fb)) {
        std::swap(s.a, s.b);
        std::swap(s.fa, s.fb);
    }
    s.c = s.a;
    s.fc = s.fa;
    s.d = s.a;
    for (int i = 0; i < tolerance.max_iterations; ++i) {
        const double tol = tolerance.absolute + tolerance.relative * std::abs(s.b);
        if (s.fb == 0.0 || std::abs(s.b - s.a) < tol) return s.b;
        double x = interpolate(s);
        s.bisected = must_bisect(s, x, tol);
        if (s.bisected) x = (s.a + s.b) / 2.0;
        const double fx = f(x);
        s.d = s.c;
        s.c = s.b;
        s.fc = s.fb;
        if ((s.fa > 0) != (fx > 0)) {
            s.b = x;
            s.fb = fx;
        } else {
            s.a = x;
            s.fa = fx;
        }
        if (std::abs(s.fa) < std::abs(s.fb)) {
            std::swap(s.a, s.b);
            std::swap(s.fa, s.fb);
        }
    }
    return s.b;
}

}  // namespace draughts::harness
