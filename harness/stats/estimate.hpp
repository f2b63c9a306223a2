#pragma once
// Point estimates of a match between two engines with their 95% errors, computed exactly as
// fishtest, OpenBench and fastchess do (../shared/reference/statistics.md, "Estimates").

#include <cstdint>

#include "harness/stats/counts.hpp"
#include "harness/stats/score_distribution.hpp"

namespace draughts::harness {

/// Score, Elo and normalized Elo with 95% errors, likelihood of superiority and draw ratio.
/// Errors are +infinity when there is no sample or the interval leaves (0, 1); the draw ratio is
/// NaN when unknown (no games, or pairs whose 1-1 split is unknown).
struct Estimate {
    SampleKind kind = SampleKind::Trinomial;
    std::int64_t samples = 0;  // games (trinomial) or pairs (pentanomial)
    double score = 0.5;        // mean score per game
    double elo = 0.0;
    double elo_error = 0.0;
    double nelo = 0.0;
    double nelo_error = 0.0;
    double los = 0.5;         // probability that the first engine is stronger, in [0, 1]
    double draw_ratio = 0.0;  // drawn games / games
};

Estimate estimate(const Trinomial& counts);
Estimate estimate(const Pentanomial& counts);
/// The default sample of a match: pentanomial when played in pairs, trinomial otherwise. The draw
/// ratio always comes from all finished games.
Estimate estimate(const MatchCounts& counts);

}  // namespace draughts::harness
