#pragma once
// Ratings of several engines from all their pairwise results, in the manner of Ordo: the maximum-
// likelihood ratings of the logistic (Bradley-Terry) model with draws counted as half points,
// error bars from the curvature of the likelihood, anchored on one engine or on an average.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "stats/pairwise_results.hpp"

namespace draughts::harness {

/// Where the scale is fixed: the named engine at `anchor_elo`, or (no name) the average rating.
struct RatingOptions {
    std::optional<std::string> anchor;
    double anchor_elo = 0.0;
};

/// One engine's line of the table.
struct RatingEntry {
    std::string name;
    double elo = 0.0;
    double error = 0.0;  // 95% half-width; 0 for the anchor engine
    Trinomial games;     // all its games, from its side
    std::optional<int> site_rating;
};

/// The fitted ratings in the order of the input engines, with their covariance (Elo^2).
struct RatingTable {
    std::vector<RatingEntry> entries;
    std::vector<double> covariance;  // row-major entries.size() x entries.size()
    std::optional<std::string> anchor;
    double anchor_elo = 0.0;

    /// 95% half-width of the difference between two engines' ratings.
    double difference_error(std::size_t a, std::size_t b) const;
};

/// Fits the ratings. Zero W/D/L counts of a pair that played are regularised by 1e-3 as in the
/// two-engine statistics, so that perfect scores stay finite and a two-engine table gives the
/// pair's Elo. Fails when an anchor is unknown or some engines are not linked by games.
Expected<RatingTable> compute_ratings(const PairwiseResults& results,
                                      const RatingOptions& options = {});

/// Fills every entry's site rating by replaying the games in order (indices as in `results`).
void add_site_ratings(RatingTable& table, std::span<const PlayedGame> games);

}  // namespace draughts::harness
