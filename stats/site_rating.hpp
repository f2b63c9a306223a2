#pragma once
// The incremental rating of online draughts sites (docs/statistics.md, the rating table):
// everyone starts at 1500 and after each game gains round(20 x (result - expected)).

#include <cstddef>
#include <span>
#include <vector>

#include "stats/pairwise_results.hpp"

namespace draughts::harness {

inline constexpr int kSiteStartRating = 1500;
inline constexpr double kSiteK = 20.0;

/// The rating change of a player rated `own` after scoring `result` (1, 1/2, 0) against
/// `opponent`: round(20 (result - 1 / (10^((opponent - own) / 400) + 1))), halves away from 0.
int site_rating_change(int own, int opponent, double result);

/// Site ratings of a fixed set of players, updated game after game in playing order.
class SiteRatings {
  public:
    explicit SiteRatings(std::size_t players) : ratings_(players, kSiteStartRating) {}

    /// Both players' changes come from their ratings before the game.
    void record(const PlayedGame& game);
    int rating(std::size_t player) const { return ratings_[player]; }
    const std::vector<int>& ratings() const { return ratings_; }

  private:
    std::vector<int> ratings_;
};

/// The site ratings after a whole sequence of games.
std::vector<int> site_ratings_of(std::size_t players, std::span<const PlayedGame> games);

}  // namespace draughts::harness
