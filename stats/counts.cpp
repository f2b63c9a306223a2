#include "stats/counts.hpp"

namespace draughts::harness {

void Trinomial::add(GameOutcome outcome) {
    switch (outcome) {
        case GameOutcome::Win:
            ++wins;
            break;
        case GameOutcome::Draw:
            ++draws;
            break;
        case GameOutcome::Loss:
            ++losses;
            break;
    }
}

Trinomial& Trinomial::operator+=(const Trinomial& other) {
    wins += other.wins;
    draws += other.draws;
    losses += other.losses;
    return *this;
}

Pentanomial Pentanomial::from_bins(const std::array<std::int64_t, 5>& bins) {
    Pentanomial p;
    p.ll = bins[0];
    p.ld = bins[1];
    p.even_unsplit = bins[2];
    p.wd = bins[3];
    p.ww = bins[4];
    return p;
}

std::optional<Trinomial> Pentanomial::games() const {
    if (even_unsplit != 0) return std::nullopt;
    return Trinomial{wl + wd + 2 * ww, ld + 2 * dd + wd, 2 * ll + ld + wl};
}

void Pentanomial::add(GameOutcome first, GameOutcome second) {
    const auto points = [](GameOutcome o) { return static_cast<int>(o); };  // L 0, D 1, W 2
    switch (points(first) + points(second)) {
        case 0:
            ++ll;
            break;
        case 1:
            ++ld;
            break;
        case 2:
            if (first == GameOutcome::Draw) {
                ++dd;
            } else {
                ++wl;
            }
            break;
        case 3:
            ++wd;
            break;
        default:
            ++ww;
            break;
    }
}

Pentanomial& Pentanomial::operator+=(const Pentanomial& other) {
    ll += other.ll;
    ld += other.ld;
    wl += other.wl;
    dd += other.dd;
    wd += other.wd;
    ww += other.ww;
    even_unsplit += other.even_unsplit;
    return *this;
}

MatchCounts& MatchCounts::operator+=(const MatchCounts& other) {
    games += other.games;
    pairs += other.pairs;
    paired = paired || other.paired;
    return *this;
}

}  // namespace draughts::harness
