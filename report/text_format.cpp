#include "report/text_format.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

namespace draughts::report {

std::string elo_text(double elo, double error) {
    if (!std::isfinite(elo)) return elo > 0 ? "+∞" : elo < 0 ? "-∞" : "n/a";
    // No "-0.0": a value that rounds to zero is written as +0.0.
    const std::string value = fmt::format("{:+.1f}", std::abs(elo) < 0.05 ? 0.0 : elo);
    return std::isfinite(error) ? fmt::format("{} ± {:.1f}", value, error) : value + " ± ∞";
}

std::string percent_text(double fraction) {
    if (!std::isfinite(fraction)) return "n/a";
    return fmt::format("{:.1f} %", 100.0 * fraction);
}

std::string count_text(std::int64_t count) {
    const std::string digits = std::to_string(count < 0 ? -count : count);
    std::string out = count < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string seconds_text(double seconds) {
    if (!std::isfinite(seconds)) return "n/a";
    if (seconds >= 1.0) return fmt::format("{:.2f} s", seconds);
    if (seconds >= 0.01) return fmt::format("{:.0f} ms", seconds * 1000.0);
    return fmt::format("{:.2f} ms", seconds * 1000.0);
}

}  // namespace draughts::report
