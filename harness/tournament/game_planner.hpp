#pragma once
// What a tournament decides about each game apart from its players: the clocks of the two sides
// (an engine's own time control and margin, or the match's), the adjudication rules, the opening
// from the book, and the PDN tags. Everything here is settled when the run is built, so planning
// a game reads only and game threads may do it at once.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "harness/config/match_config.hpp"
#include "harness/tournament/match_games.hpp"
#include "harness/tournament/schedule.hpp"

namespace draughts::harness {

/// See the top of the file.
class GamePlanner {
  public:
    /// The plans of `config`'s games; `games` (its engines' margins and book order) must outlive
    /// the planner. An error for adjudication settings that do not hold together.
    static Expected<GamePlanner> create(const MatchConfig& config, const MatchGames& games);

    /// The plan of game `game` (0 or 1) of `pairing`.
    GamePlan plan(const Pairing& pairing, int game) const;

  private:
    GamePlanner(const MatchConfig& config, const MatchGames& games);

    /// The index in the book of the pair's opening; nullopt without a book.
    std::optional<std::size_t> book_index(const Pairing& pairing) const;

    const MatchGames* games_;
    std::string event_;
    std::string site_;
    std::string date_;                        ///< PDN Date tag of this run
    std::vector<TimeControl> time_controls_;  ///< per engine
    std::vector<double> margins_;             ///< per engine
    std::vector<double> move_caps_;           ///< per engine
    std::vector<double> latencies_;           ///< per engine: latency compensation of its clock
    AdjudicationOptions adjudication_;        ///< every game's (one open endgame database)
};

}  // namespace draughts::harness
