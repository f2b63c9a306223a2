#include "stats/score_distribution.hpp"

#include <cassert>
#include <cmath>

namespace draughts::harness {

ScoreDistribution ScoreDistribution::from_counts(SampleKind kind,
                                                 std::span<const std::int64_t> counts) {
    assert(counts.size() >= 2);
    ScoreDistribution d;
    d.kind = kind;
    const double last = static_cast<double>(counts.size() - 1);
    for (std::size_t i = 0; i < counts.size(); ++i) {
        const double n = counts[i] == 0 ? kZeroCountReplacement : static_cast<double>(counts[i]);
        d.scores.push_back(static_cast<double>(i) / last);
        d.probabilities.push_back(n);
        d.samples += n;
        d.raw_samples += counts[i];
    }
    for (double& p : d.probabilities) p /= d.samples;
    return d;
}

double ScoreDistribution::mean() const { return mean_of(scores, probabilities); }

double ScoreDistribution::variance() const { return variance_of(scores, probabilities); }

double ScoreDistribution::game_sigma() const {
    return std::sqrt(kind == SampleKind::Pentanomial ? 2.0 * variance() : variance());
}

ScoreDistribution distribution_of(const Trinomial& counts) {
    const auto bins = counts.bins();
    return ScoreDistribution::from_counts(SampleKind::Trinomial, bins);
}

ScoreDistribution distribution_of(const Pentanomial& counts) {
    const auto bins = counts.bins();
    return ScoreDistribution::from_counts(SampleKind::Pentanomial, bins);
}

double mean_of(std::span<const double> scores, std::span<const double> weights) {
    double mu = 0.0;
    for (std::size_t i = 0; i < scores.size(); ++i) mu += weights[i] * scores[i];
    return mu;
}

double variance_of(std::span<const double> scores, std::span<const double> weights) {
    const double mu = mean_of(scores, weights);
    double var = 0.0;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        const double d = scores[i] - mu;
        var += weights[i] * d * d;
    }
    return var;
}

}  // namespace draughts::harness
