#include "harness/stats/estimate.hpp"

#include <cmath>
#include <limits>

#include "harness/stats/elo_math.hpp"

namespace draughts::harness {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double draw_ratio_of(const Trinomial& games) {
    if (games.games() == 0) return kNaN;
    return static_cast<double>(games.draws) / static_cast<double>(games.games());
}

Estimate estimate_from(const ScoreDistribution& d) {
    Estimate e;
    e.kind = d.kind;
    e.samples = d.raw_samples;
    const double mu = d.mean();
    const double var = d.variance();
    const double sigma = d.game_sigma();
    e.score = mu;
    e.elo = elo_from_score(mu);
    e.nelo = (mu - 0.5) / sigma * kNormalizedEloScale;
    if (d.raw_samples == 0) {
        e.elo_error = kInfinity;
        e.nelo_error = kInfinity;
        e.los = 0.5;
        return e;
    }
    const double v = var / d.samples;
    const double half_width = kZ95 * std::sqrt(v);
    const double upper = elo_from_score(mu + half_width);
    const double lower = elo_from_score(mu - half_width);
    e.elo_error = std::isfinite(upper) && std::isfinite(lower) ? (upper - lower) / 2.0 : kInfinity;
    e.nelo_error = half_width / sigma * kNormalizedEloScale;
    e.los = 0.5 * (1.0 + std::erf((mu - 0.5) / std::sqrt(2.0 * v)));
    return e;
}

}  // namespace

Estimate estimate(const Trinomial& counts) {
    Estimate e = estimate_from(distribution_of(counts));
    e.draw_ratio = draw_ratio_of(counts);
    return e;
}

Estimate estimate(const Pentanomial& counts) {
    Estimate e = estimate_from(distribution_of(counts));
    const auto games = counts.games();
    e.draw_ratio = games ? draw_ratio_of(*games) : kNaN;
    return e;
}

Estimate estimate(const MatchCounts& counts) {
    Estimate e = counts.paired ? estimate(counts.pairs) : estimate(counts.games);
    e.draw_ratio = draw_ratio_of(counts.games);
    return e;
}

}  // namespace draughts::harness
