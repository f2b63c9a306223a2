#include "stats/estimate.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <string>

#include "stats/elo_math.hpp"

namespace draughts::harness {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double draw_ratio_of(const Trinomial& games) {
    if (games.games() == 0) return kNaN;
    return static_cast<double>(games.draws) / static_cast<double>(games.games());
}

double score_of(const Trinomial& games) {
    if (games.games() == 0) return kNaN;
    return games.points() / static_cast<double>(games.games());
}

/// Which extreme every sample reached: +1 all wins, -1 all losses, 0 otherwise or no samples.
template <std::size_t N>
int extreme_of(const std::array<std::int64_t, N>& bins) {
    std::int64_t total = 0;
    for (const std::int64_t b : bins) total += b;
    if (total == 0) return 0;
    if (bins.back() == total) return 1;
    if (bins.front() == total) return -1;
    return 0;
}

Estimate estimate_from(const ScoreDistribution& d) {
    Estimate e;
    e.kind = d.kind;
    e.samples = d.raw_samples;
    const double mu = d.mean();
    const double var = d.variance();
    const double sigma = d.game_sigma();
    e.mean = mu;
    e.elo = elo_from_score(mu);
    e.nelo = (mu - 0.5) / sigma * kNormalizedEloScale;
    if (d.raw_samples == 0) {
        e.elo_error = kInfinity;
        e.elo_lower = -kInfinity;
        e.elo_upper = kInfinity;
        e.nelo_error = kInfinity;
        e.los = 0.5;
        return e;
    }
    const double v = var / d.samples;
    const double half_width = kZ95 * std::sqrt(v);
    e.elo_upper = mu + half_width < 1.0 ? elo_from_score(mu + half_width) : kInfinity;
    e.elo_lower = mu - half_width > 0.0 ? elo_from_score(mu - half_width) : -kInfinity;
    e.elo_error = std::isfinite(e.elo_upper) && std::isfinite(e.elo_lower)
                      ? (e.elo_upper - e.elo_lower) / 2.0
                      : kInfinity;
    e.nelo_error = half_width / sigma * kNormalizedEloScale;
    e.los = 0.5 * (1.0 + std::erf((mu - 0.5) / std::sqrt(2.0 * v)));
    return e;
}

/// All samples at one extreme: the point estimate is unbounded and the regularised variance says
/// nothing about the spread. The exact (Clopper-Pearson) 95% bound on the chance of the extreme
/// result, (0.025)^(1/n) for n samples out of n, bounds the mean score because every other score
/// is nearer the middle; nElo has no spread to normalise by.
void make_extreme(Estimate& e, int extreme) {
    if (extreme == 0) return;
    const double bound = std::pow(0.025, 1.0 / static_cast<double>(e.samples));
    e.elo = extreme * kInfinity;
    e.elo_error = kInfinity;
    e.elo_lower = extreme > 0 ? elo_from_score(bound) : -kInfinity;
    e.elo_upper = extreme > 0 ? kInfinity : elo_from_score(1.0 - bound);
    e.nelo = kNaN;
    e.nelo_error = kNaN;
}

std::string number(double x, int decimals) {
    if (std::abs(x) < 0.5 * std::pow(10.0, -decimals)) x = 0.0;  // no "-0.0"
    return fmt::format("{:.{}f}", x, decimals);
}

}  // namespace

Estimate estimate(const Trinomial& counts) {
    Estimate e = estimate_from(distribution_of(counts));
    make_extreme(e, extreme_of(counts.bins()));
    e.draw_ratio = draw_ratio_of(counts);
    e.score = score_of(counts);
    return e;
}

Estimate estimate(const Pentanomial& counts) {
    Estimate e = estimate_from(distribution_of(counts));
    make_extreme(e, extreme_of(counts.bins()));
    const auto games = counts.games();
    e.draw_ratio = games ? draw_ratio_of(*games) : kNaN;
    const auto pairs = static_cast<double>(counts.pairs());
    const auto bins = counts.bins();  // pair points 0, 1/2, 1, 3/2, 2 (in game points)
    double points = 0.0;
    for (std::size_t i = 0; i < bins.size(); ++i)
        points += 0.5 * static_cast<double>(i) * static_cast<double>(bins[i]);
    e.score = pairs > 0 ? points / (2.0 * pairs) : kNaN;
    return e;
}

Estimate estimate(const MatchCounts& counts) {
    Estimate e = counts.paired ? estimate(counts.pairs) : estimate(counts.games);
    e.draw_ratio = draw_ratio_of(counts.games);
    e.score = score_of(counts.games);
    return e;
}

std::string elo_text(const Estimate& e, int decimals) {
    const bool lower = std::isfinite(e.elo_lower);
    const bool upper = std::isfinite(e.elo_upper);
    if (e.samples == 0 || (!lower && !upper)) return "n/a";
    // A one-sided bound is shown when it says which engine is stronger: after a single loss the
    // exact upper bound is +636, true but read as nonsense, so it is "n/a" until the losses
    // bring it below zero.
    if (!upper) return e.elo_lower > 0.0 ? ">= " + number(e.elo_lower, decimals) : "n/a";
    if (!lower) return e.elo_upper < 0.0 ? "<= " + number(e.elo_upper, decimals) : "n/a";
    return number(e.elo, decimals) + " +/- " + number(e.elo_error, decimals);
}

std::string nelo_text(const Estimate& e, int decimals) {
    if (e.samples == 0 || !std::isfinite(e.nelo) || !std::isfinite(e.nelo_error)) return "n/a";
    return number(e.nelo, decimals) + " +/- " + number(e.nelo_error, decimals);
}

}  // namespace draughts::harness
