#pragma once
// The counted results of a tournament: per encounter the game and pair counts from the first
// engine's side (the statistics' input), all games between every two engines (the rating
// table's), the games in the order they were counted (for the site rating), and how games ended.
// Only complete pairs are counted.

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_set>
#include <vector>

#include "harness/tournament/schedule.hpp"
#include "records/termination.hpp"
#include "stats/counts.hpp"
#include "stats/pairwise_results.hpp"

namespace draughts::harness {

/// The result of one game of a pair, as counted.
struct CountedGame {
    GameResult result = GameResult::Draw;
    Termination termination = Termination::NoPieces;
    /// Probes of the adjudication's endgame database that failed in the game (it played on).
    int egdb_probe_errors = 0;
};

/// How one engine's games ended: per termination code, its wins, draws and losses by that code (a
/// loss by "crash" is a crash of this engine; a win by "crash" is the opponent's).
using TerminationTable = std::map<std::string, Trinomial>;

/// Running totals of a tournament; a plain value (copy it to take a snapshot).
class Standings {
  public:
    Standings(std::vector<std::string> engine_names, std::vector<Encounter> encounters);

    /// Counts a complete pair (game 0 has `pairing.first` as White). Results must be decided.
    /// `signature` identifies its games (pair_signature); returns true when an earlier pair of
    /// the encounter played the same games.
    bool add_pair(const Pairing& pairing, const std::array<CountedGame, 2>& games,
                  std::uint64_t signature);

    const std::vector<std::string>& engine_names() const { return names_; }
    const std::vector<Encounter>& encounters() const { return encounters_; }
    /// Counts of an encounter from its first engine's side.
    const MatchCounts& counts(std::size_t encounter) const { return counts_[encounter]; }
    const PairwiseResults& pairwise() const { return pairwise_; }
    const std::vector<PlayedGame>& played() const { return played_; }
    /// How many games ended each way, by termination code.
    const std::map<std::string, std::int64_t>& terminations() const { return terminations_; }
    /// How each engine's games ended (indexed like engine_names).
    const std::vector<TerminationTable>& engine_terminations() const {
        return engine_terminations_;
    }
    /// Games lost by a forfeit (crash, time, illegal or malformed move, disconnect, ...), per code.
    std::map<std::string, std::int64_t> forfeits() const;
    /// Games ended by the endgame database (egdb_win and egdb_draw).
    std::int64_t egdb_adjudicated() const;
    /// Probes of the adjudication's endgame database that failed, over all games.
    std::int64_t egdb_probe_errors() const { return egdb_probe_errors_; }

    std::int64_t pairs() const { return pairs_; }
    /// Pairs whose games differ from every other pair's (per encounter, or in all).
    std::int64_t distinct_pairs(std::size_t encounter) const {
        return static_cast<std::int64_t>(signatures_[encounter].size());
    }
    std::int64_t distinct_pairs() const;
    std::int64_t games() const { return 2 * pairs_; }
    /// W/D/L of one engine over all its games.
    Trinomial engine_total(std::size_t engine) const { return pairwise_.total(engine); }

  private:
    std::vector<std::string> names_;
    std::vector<Encounter> encounters_;
    std::vector<MatchCounts> counts_;
    PairwiseResults pairwise_;
    std::vector<PlayedGame> played_;
    std::map<std::string, std::int64_t> terminations_;
    std::vector<TerminationTable> engine_terminations_;
    std::vector<std::unordered_set<std::uint64_t>> signatures_;  ///< per encounter
    std::int64_t pairs_ = 0;
    std::int64_t egdb_probe_errors_ = 0;
};

/// The outcome of a decided game for the engine that played `color`.
GameOutcome outcome_for(GameResult result, rules::Color color);

}  // namespace draughts::harness
