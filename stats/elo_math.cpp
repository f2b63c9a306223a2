#include "stats/elo_math.hpp"

#include <cmath>
#include <limits>

namespace draughts::harness {

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double elo_from_score(double score) {
    if (!(score >= 0.0 && score <= 1.0)) return std::numeric_limits<double>::quiet_NaN();
    if (score == 0.0) return -std::numeric_limits<double>::infinity();
    if (score == 1.0) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::numbers::sqrt2); }

}  // namespace draughts::harness
