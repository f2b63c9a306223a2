#pragma once
// Conversions between Elo differences and expected scores, and the constants shared by every
// statistic (docs/statistics.md, "The formulas").

#include <numbers>

namespace draughts::harness {

/// C = 800 / ln 10: normalized Elo is a t-value (per game) times this factor.
inline constexpr double kNormalizedEloScale = 800.0 / std::numbers::ln10;
/// The two-sided 95% quantile of the standard normal distribution.
inline constexpr double kZ95 = 1.959963984540054;

/// Expected score of a player rated `elo` above the opponent: 1 / (1 + 10^(-elo/400)).
double score_from_elo(double elo);
/// Inverse of score_from_elo: -400 log10(1/s - 1); +-infinity at 1 and 0, NaN outside [0, 1].
double elo_from_score(double score);
/// Standard normal cumulative distribution function.
double normal_cdf(double x);

}  // namespace draughts::harness
