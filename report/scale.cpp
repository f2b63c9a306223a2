#include "report/scale.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace draughts::report {

LinearScale::LinearScale(double domain_lo, double domain_hi, double range_lo, double range_hi)
    : domain_lo_(domain_lo), domain_hi_(domain_hi), range_lo_(range_lo), range_hi_(range_hi) {}

double LinearScale::operator()(double value) const {
    const double width = domain_hi_ - domain_lo_;
    if (!(std::abs(width) > 0.0)) return (range_lo_ + range_hi_) / 2.0;
    return range_lo_ + (value - domain_lo_) / width * (range_hi_ - range_lo_);
}

namespace {

/// The smallest step of the form {1, 2, 5} * 10^k that is at least `rough`.
double nice_step(double rough) {
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    for (const double factor : {1.0, 2.0, 5.0, 10.0})
        if (factor * power >= rough * (1.0 - 1e-9)) return factor * power;
    return 10.0 * power;
}

}  // namespace

Ticks nice_ticks(double lo, double hi, int max_ticks) {
    if (!std::isfinite(lo) || !std::isfinite(hi)) lo = hi = 0.0;
    if (lo > hi) std::swap(lo, hi);
    if (hi - lo < 1e-12 * std::max(1.0, std::abs(hi))) {
        // A single value: a unit range around it, so the axis still has a scale.
        const double pad = lo == 0.0 ? 1.0 : std::abs(lo) / 2.0;
        lo -= pad;
        hi += pad;
    }
    const int intervals = std::max(1, max_ticks - 1);
    const double step = nice_step((hi - lo) / intervals);
    const double first = std::floor(lo / step + 1e-9) * step;
    const double last = std::ceil(hi / step - 1e-9) * step;
    Ticks ticks;
    ticks.step = step;
    const auto count = static_cast<int>(std::llround((last - first) / step));
    for (int i = 0; i <= count; ++i) {
        const double value = first + i * step;
        // Values near zero come out as exact zeros, not 1e-17.
        ticks.values.push_back(std::abs(value) < step * 1e-9 ? 0.0 : value);
    }
    return ticks;
}

std::string tick_label(double value, double step) {
    int decimals = 0;
    if (step > 0.0 && step < 1.0)
        decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), 0, 12);
    std::string text = fmt::format("{:.{}f}", value, decimals);
    if (text.find_first_not_of("-0.") == std::string::npos)
        return fmt::format("{:.{}f}", 0.0, decimals);
    return text;
}

}  // namespace draughts::report
