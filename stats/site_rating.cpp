#include "stats/site_rating.hpp"

#include <cmath>

namespace draughts::harness {

namespace {

double points(GameOutcome outcome) {
    switch (outcome) {
        case GameOutcome::Win:
            return 1.0;
        case GameOutcome::Draw:
            return 0.5;
        case GameOutcome::Loss:
            break;
    }
    return 0.0;
}

}  // namespace

int site_rating_change(int own, int opponent, double result) {
    const double expected = 1.0 / (std::pow(10.0, (opponent - own) / 400.0) + 1.0);
    return static_cast<int>(std::lround(kSiteK * (result - expected)));
}

void SiteRatings::record(const PlayedGame& game) {
    const int first = ratings_[game.first];
    const int second = ratings_[game.second];
    ratings_[game.first] += site_rating_change(first, second, points(game.outcome));
    ratings_[game.second] += site_rating_change(second, first, points(flipped(game.outcome)));
}

std::vector<int> site_ratings_of(std::size_t players, std::span<const PlayedGame> games) {
    SiteRatings ratings(players);
    for (const PlayedGame& game : games) ratings.record(game);
    return ratings.ratings();
}

}  // namespace draughts::harness
