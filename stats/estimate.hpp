#pragma once
// Point estimates of a match between two engines with their 95% errors, computed exactly as
// fishtest, OpenBench and fastchess do (docs/statistics.md, "The formulas"), plus what
// those tools print badly: the plain score (points per game) beside the regularised mean the
// statistics use, and honest bounds when a sample is degenerate (all wins, all losses), where the
// usual interval is infinite and the regularised point estimate is an artefact of the 1e-3
// replacement of zero counts.

#include <cstdint>
#include <string>

#include "stats/counts.hpp"
#include "stats/score_distribution.hpp"

namespace draughts::harness {

/// Score, Elo and normalized Elo with 95% errors, likelihood of superiority and draw ratio.
/// Infinite values mean "unbounded" (an interval end, or the Elo of an all-wins sample); NaN
/// means "unknown" (no games; nElo of a sample without spread; a draw ratio of pairs whose 1-1
/// split is unknown). Reports write either as a bound or "n/a" (see EloText).
struct Estimate {
    SampleKind kind = SampleKind::Trinomial;
    std::int64_t samples = 0;  ///< games (trinomial) or pairs (pentanomial)
    double score = 0.5;        ///< points per game of the games counted: the "Score" of reports
    double mean = 0.5;         ///< regularised mean score per game: what Elo, nElo, LOS use
    double elo = 0.0;          ///< +-inf when every sample is a win (a loss)
    double elo_error = 0.0;    ///< half the 95% interval; +inf when an end is unbounded
    double elo_lower = 0.0;    ///< 95% interval; -inf when unbounded below
    double elo_upper = 0.0;    ///< 95% interval; +inf when unbounded above
    double nelo = 0.0;
    double nelo_error = 0.0;
    double los = 0.5;         ///< probability that the first engine is stronger, in [0, 1]
    double draw_ratio = 0.0;  ///< drawn games / games
};

Estimate estimate(const Trinomial& counts);
Estimate estimate(const Pentanomial& counts);
/// The default sample of a match: pentanomial when played in pairs, trinomial otherwise. The draw
/// ratio and the score always come from all finished games.
Estimate estimate(const MatchCounts& counts);

/// How an Elo estimate reads: "12.3 +/- 4.5", a one-sided bound ">= 407.1" when the interval is
/// unbounded on one side and the bound excludes 0 (a bound of the other sign, such as "<= 636.4"
/// after one loss, says nothing: "n/a"), or "n/a" without games.
std::string elo_text(const Estimate& estimate, int decimals);
/// nElo the same way: "12.3 +/- 4.5" or "n/a".
std::string nelo_text(const Estimate& estimate, int decimals);

}  // namespace draughts::harness
