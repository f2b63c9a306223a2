#include "stats/generalized_llr.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "stats/elo_math.hpp"
#include "stats/root_finding.hpp"

namespace draughts::harness {

namespace {

/// fishtest keeps the bracket 1e-9 inside the poles; a root closer to a pole than that (extreme
/// samples) is still found by moving the end closer in steps.
constexpr double kPoleMargin = 1e-9;
constexpr int kMaxNormalizedRounds = 10;
constexpr double kNormalizedConvergence = 1e-9;

/// Moves `pole + direction * margin` towards the pole until f there has the wanted sign.
std::optional<double> bracket_end(const std::function<double(double)>& f, double pole,
                                  double direction, bool want_positive) {
    for (double margin = kPoleMargin; margin > 0.0; margin *= 1e-3) {
        const double x = pole + direction * margin * std::max(1.0, std::abs(pole));
        if (x == pole) break;
        const double fx = f(x);
        if (std::isfinite(fx) && (fx > 0) == want_positive) return x;
    }
    return std::nullopt;
}

std::vector<double> reweighted(std::span<const double> p, std::span<const double> x, double t) {
    std::vector<double> q(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) q[i] = p[i] / (1.0 + t * x[i]);
    return q;
}

double llr_between(const ScoreDistribution& d, const std::vector<double>& q0,
                   const std::vector<double>& q1) {
    if (d.raw_samples == 0) return 0.0;  // no games, no evidence
    double sum = 0.0;
    for (std::size_t i = 0; i < q0.size(); ++i) sum += d.probabilities[i] * std::log(q1[i] / q0[i]);
    return d.samples * sum;
}

}  // namespace

std::optional<double> solve_secular(std::span<const double> p, std::span<const double> x) {
    double lowest = 0.0;
    double highest = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (p[i] <= 0.0) continue;
        lowest = std::min(lowest, x[i]);
        highest = std::max(highest, x[i]);
    }
    if (!(lowest < 0.0 && highest > 0.0)) return std::nullopt;
    // The sum decreases strictly from +infinity at t = -1/highest to -infinity at t = -1/lowest.
    const std::function<double(double)> f = [&](double t) {
        double sum = 0.0;
        for (std::size_t i = 0; i < p.size(); ++i) sum += p[i] * x[i] / (1.0 + t * x[i]);
        return sum;
    };
    const auto lo = bracket_end(f, -1.0 / highest, +1.0, true);
    const auto hi = bracket_end(f, -1.0 / lowest, -1.0, false);
    if (!lo || !hi || *lo >= *hi) return std::nullopt;
    return brent_root(f, *lo, *hi);
}

std::optional<std::vector<double>> mle_with_score(const ScoreDistribution& d, double score) {
    std::vector<double> x(d.scores.size());
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = d.scores[i] - score;
    const auto t = solve_secular(d.probabilities, x);
    if (!t) return std::nullopt;
    return reweighted(d.probabilities, x, *t);
}

std::optional<std::vector<double>> mle_with_t_value(const ScoreDistribution& d, double t) {
    const std::size_t k = d.scores.size();
    std::vector<double> q(k, 1.0 / static_cast<double>(k));
    std::vector<double> phi(k);
    for (int round = 0; round < kMaxNormalizedRounds; ++round) {
        const double mu = mean_of(d.scores, q);
        const double sigma = std::sqrt(variance_of(d.scores, q));
        if (!(sigma > 0.0)) return std::nullopt;
        for (std::size_t i = 0; i < k; ++i) {
            const double z = (d.scores[i] - mu) / sigma;
            phi[i] = d.scores[i] - 0.5 - t * sigma * (1.0 + z * z) / 2.0;
        }
        const auto x = solve_secular(d.probabilities, phi);
        if (!x) return std::nullopt;
        std::vector<double> next = reweighted(d.probabilities, phi, *x);
        double change = 0.0;
        for (std::size_t i = 0; i < k; ++i) change = std::max(change, std::abs(next[i] - q[i]));
        q = std::move(next);
        if (change < kNormalizedConvergence) break;
    }
    return q;
}

std::optional<double> llr_logistic(const ScoreDistribution& d, double elo0, double elo1) {
    const auto q0 = mle_with_score(d, score_from_elo(elo0));
    const auto q1 = mle_with_score(d, score_from_elo(elo1));
    if (!q0 || !q1) return std::nullopt;
    return llr_between(d, *q0, *q1);
}

std::optional<double> llr_normalized(const ScoreDistribution& d, double nelo0, double nelo1) {
    // A pair's score has the per-game t-value scaled by sqrt(2) (two games per sample).
    const double factor = d.kind == SampleKind::Pentanomial ? std::numbers::sqrt2 : 1.0;
    const auto q0 = mle_with_t_value(d, factor * nelo0 / kNormalizedEloScale);
    const auto q1 = mle_with_t_value(d, factor * nelo1 / kNormalizedEloScale);
    if (!q0 || !q1) return std::nullopt;
    return llr_between(d, *q0, *q1);
}

}  // namespace draughts::harness
