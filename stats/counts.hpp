#pragma once
// Game and game-pair counts of a match between two engines, always from the first engine's side.
// Counts are plain integers that add: merging shards of a run (several machines, several result
// folders) is `total += shard`, and every statistic is recomputed from the sum, never averaged.

#include <array>
#include <cstdint>
#include <optional>

namespace draughts::harness {

/// The outcome of one game from the first engine's point of view.
enum class GameOutcome : unsigned char { Loss, Draw, Win };

/// The opposite side's view of an outcome.
constexpr GameOutcome flipped(GameOutcome outcome) {
    switch (outcome) {
        case GameOutcome::Loss:
            return GameOutcome::Win;
        case GameOutcome::Win:
            return GameOutcome::Loss;
        case GameOutcome::Draw:
            break;
    }
    return GameOutcome::Draw;
}

/// Win/draw/loss counts of single games (the trinomial sample).
struct Trinomial {
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;

    std::int64_t games() const { return wins + draws + losses; }
    /// Points scored: a win 1, a draw 1/2.
    double points() const { return static_cast<double>(wins) + 0.5 * static_cast<double>(draws); }
    /// The same games seen from the other engine.
    Trinomial flipped() const { return {losses, draws, wins}; }
    /// Counts in the order of increasing score (L, D, W), as the statistics use them.
    std::array<std::int64_t, 3> bins() const { return {losses, draws, wins}; }

    void add(GameOutcome outcome);
    Trinomial& operator+=(const Trinomial& other);
    friend Trinomial operator+(Trinomial a, const Trinomial& b) { return a += b; }
    friend bool operator==(const Trinomial&, const Trinomial&) = default;
};

/// Counts of game pairs (same opening, colours swapped), the pentanomial sample. The statistics
/// use five bins by pair score (LL, LD, WL+DD, WD, WW); WL and DD are kept apart because reports
/// show them. `even_unsplit` holds 1-1 pairs whose split is unknown (counts given as five bins).
struct Pentanomial {
    std::int64_t ll = 0;
    std::int64_t ld = 0;
    std::int64_t wl = 0;
    std::int64_t dd = 0;
    std::int64_t wd = 0;
    std::int64_t ww = 0;
    std::int64_t even_unsplit = 0;

    /// From the five statistical bins LL, LD, WL+DD, WD, WW (the 1-1 split unknown).
    static Pentanomial from_bins(const std::array<std::int64_t, 5>& bins);

    std::int64_t pairs() const { return ll + ld + wl + dd + wd + ww + even_unsplit; }
    /// The five bins in order of increasing pair score: LL, LD, WL+DD, WD, WW.
    std::array<std::int64_t, 5> bins() const { return {ll, ld, wl + dd + even_unsplit, wd, ww}; }
    /// The games of these pairs, when every 1-1 pair is known to be WL or DD.
    std::optional<Trinomial> games() const;
    /// The same pairs seen from the other engine.
    Pentanomial flipped() const { return {ww, wd, wl, dd, ld, ll, even_unsplit}; }

    /// Records a completed pair given the first engine's results in its two games.
    void add(GameOutcome first, GameOutcome second);
    Pentanomial& operator+=(const Pentanomial& other);
    friend Pentanomial operator+(Pentanomial a, const Pentanomial& b) { return a += b; }
    friend bool operator==(const Pentanomial&, const Pentanomial&) = default;
};

/// Everything a match between two engines has counted: all finished games, and the completed
/// pairs when the match is played in pairs (then the pentanomial sample is the default one).
struct MatchCounts {
    Trinomial games;
    Pentanomial pairs;
    bool paired = false;

    MatchCounts& operator+=(const MatchCounts& other);
    friend MatchCounts operator+(MatchCounts a, const MatchCounts& b) { return a += b; }
    friend bool operator==(const MatchCounts&, const MatchCounts&) = default;
};

}  // namespace draughts::harness
