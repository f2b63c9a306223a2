#pragma once
// A match sample as a discrete distribution of per-sample scores: the observed frequencies p_i of
// the scores a_i (trinomial: 0, 1/2, 1 per game; pentanomial: 0, 1/4, ..., 1 per pair), after
// the regularisation of zero counts by 1e-3 that fishtest applies before anything else.

#include <cstdint>
#include <span>
#include <vector>

#include "stats/counts.hpp"

namespace draughts::harness {

/// Whether a sample is a single game or a pair of games with colours swapped.
enum class SampleKind : unsigned char { Trinomial, Pentanomial };

/// Regularised frequencies of the scores a_i = i / (k - 1), i = 0..k-1.
struct ScoreDistribution {
    SampleKind kind = SampleKind::Trinomial;
    std::vector<double> scores;
    std::vector<double> probabilities;
    double samples = 0.0;          // N, including the regularisation
    std::int64_t raw_samples = 0;  // the real number of games or pairs

    /// Builds the distribution of k = counts.size() equally spaced score bins.
    static ScoreDistribution from_counts(SampleKind kind, std::span<const std::int64_t> counts);

    double mean() const;
    double variance() const;
    /// Standard deviation of the score of one game: sqrt(var), or sqrt(2 var) for pairs.
    double game_sigma() const;
};

/// The replacement for a zero count (statistics.md, "Samples").
inline constexpr double kZeroCountReplacement = 1e-3;

ScoreDistribution distribution_of(const Trinomial& counts);
ScoreDistribution distribution_of(const Pentanomial& counts);

/// Mean and variance of arbitrary scores under arbitrary weights (which sum to 1).
double mean_of(std::span<const double> scores, std::span<const double> weights);
double variance_of(std::span<const double> scores, std::span<const double> weights);

}  // namespace draughts::harness
