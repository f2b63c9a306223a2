#pragma once
// The schedule of a tournament: which engines meet, in which order, on which opening and with
// which colours. Games come in colour-swapped pairs on the same opening; the schedule is a pure
// function of its parameters (random access by pair index), so a resumed run, another machine or
// a test finds exactly the same pairings.
//
// Order: round by round; within a round, opening slot by opening slot; within a slot, encounter
// by encounter. Every encounter of a slot plays the same opening, so all engines of a gauntlet or
// round robin face the same set of positions.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "harness/config/match_config.hpp"

namespace draughts::harness {

/// Two engines that meet (indices into the match's engine list).
struct Encounter {
    std::size_t first = 0;
    std::size_t second = 0;

    friend bool operator==(const Encounter&, const Encounter&) = default;
};

/// One colour-swapped pair of games. In game 0 `first` has White, in game 1 `second` has.
struct Pairing {
    std::uint64_t index = 0;    ///< pair index, 0 .. pair_count() - 1, the order of play
    std::uint64_t round = 0;    ///< 0-based
    std::size_t encounter = 0;  ///< index into Schedule::encounters()
    std::size_t first = 0;
    std::size_t second = 0;
    /// Position in the opening order (see OpeningOrder): round * pairs per round + slot.
    std::uint64_t opening = 0;

    std::size_t white(int game) const { return game == 0 ? first : second; }
    std::size_t black(int game) const { return game == 0 ? second : first; }
    /// Index of game 0 or 1 of this pair among all games of the tournament.
    std::uint64_t game_index(int game) const { return 2 * index + static_cast<unsigned>(game); }

    friend bool operator==(const Pairing&, const Pairing&) = default;
};

/// The encounters of a tournament type: head-to-head (0 v 1), gauntlet (0 v each other engine),
/// round robin (every i < j, in order).
std::vector<Encounter> encounters_for(TournamentType type, std::size_t engine_count);

/// Every pairing of a tournament, by index.
class Schedule {
  public:
    /// `games_per_encounter` is even and >= 2, `rounds` >= 1 (checked by the configuration).
    Schedule(TournamentType type, std::size_t engine_count, int games_per_encounter, int rounds);
    explicit Schedule(const MatchConfig& config);

    const std::vector<Encounter>& encounters() const { return encounters_; }
    /// Pairs of one encounter in one round (games per encounter / 2).
    std::uint64_t slots_per_round() const { return slots_; }
    std::uint64_t pair_count() const { return pairs_; }
    std::uint64_t game_count() const { return 2 * pairs_; }

    /// The pairing with the given index (< pair_count()).
    Pairing pair(std::uint64_t index) const;

    /// True when this schedule extends `earlier`: each of its pairs has the same index,
    /// encounter, colours, round and opening here, so a run of `earlier` can continue as this
    /// one. Holds for more rounds; for more games per round only when `earlier` has one round
    /// (the pairs of later rounds would otherwise move to other openings).
    bool continues(const Schedule& earlier) const;

  private:
    std::vector<Encounter> encounters_;
    std::uint64_t slots_ = 0;
    std::uint64_t rounds_ = 0;
    std::uint64_t pairs_ = 0;
};

}  // namespace draughts::harness
