#pragma once
// The exact generalised log-likelihood ratio of fishtest: for each hypothesis, the maximum-
// likelihood distribution q of the per-sample scores that satisfies the hypothesis' constraint,
// then LLR = N sum p_i ln(q1_i / q0_i) (docs/statistics.md, "The formulas").

#include <optional>
#include <span>
#include <vector>

#include "stats/score_distribution.hpp"

namespace draughts::harness {

/// Solves the secular equation sum p_i x_i / (1 + t x_i) = 0 for t on the open interval where
/// every 1 + t x_i > 0. Needs min x_i < 0 < max x_i (over the p_i > 0); nullopt otherwise.
std::optional<double> solve_secular(std::span<const double> p, std::span<const double> x);

/// The distribution closest (maximum likelihood) to `d` with expected score `score`.
std::optional<std::vector<double>> mle_with_score(const ScoreDistribution& d, double score);

/// The distribution closest (maximum likelihood) to `d` with (mu - 1/2) / sigma = t, by
/// fishtest's fixed-point iteration from the uniform distribution.
std::optional<std::vector<double>> mle_with_t_value(const ScoreDistribution& d, double t);

/// LLR of H1 (elo1) against H0 (elo0) with logistic Elo bounds; nullopt when no solution exists.
std::optional<double> llr_logistic(const ScoreDistribution& d, double elo0, double elo1);
/// LLR with normalized Elo bounds; nullopt when a constrained solution cannot be found.
std::optional<double> llr_normalized(const ScoreDistribution& d, double nelo0, double nelo1);

}  // namespace draughts::harness
