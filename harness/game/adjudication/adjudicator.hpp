#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/game/adjudication/tracker.hpp"
#include "harness/game/adjudication/user_adjudication.hpp"
#include "rules/game_state.hpp"

namespace draughts::harness {

/// Decides after every ply whether a game of variant V is over, in a fixed priority order: the
/// rules as rules::BasicGameState applies them (no legal move (loss), threefold repetition, the
/// 25-, 16- and 5-move rules, or the variant's own counted rules), then the optional
/// adjudications (endgame database, international only; maximum length, draw by score, resign
/// by score). Every adjudication sees every ply; when several end the game at the same ply, the
/// first in this order is reported, so rules win over adjudications.
template <typename V>
class BasicAdjudicator {
  public:
    explicit BasicAdjudicator(const AdjudicationOptions& options = {});

    /// Starts a new game from `start`.
    void reset(const rules::BasicPosition<V>& start);
    /// Judges the ply `event` that has just been played in `game` (whose position is
    /// event.after); returns how the game ends now, if it does.
    std::optional<GameEnd> after_ply(const rules::BasicGameState<V>& game,
                                     const BasicPlyEvent<V>& event);
    /// Judges the start position of `game` before any move: only the endgame database can end a
    /// game there (the referee checked that the start is playable).
    std::optional<GameEnd> at_start(const rules::BasicGameState<V>& game);
    /// The database's value of the position when the endgame database ended the game; empty
    /// otherwise.
    const std::string& egdb_value() const { return egdb_value_; }
    /// Probes of the endgame database that failed in this game, and the first one's error.
    int egdb_probe_errors() const { return egdb_probe_errors_; }
    const std::string& egdb_probe_error() const { return egdb_probe_error_; }

  private:
    std::vector<std::unique_ptr<BasicTracker<V>>> trackers_;
    std::optional<EgdbAdjudication> egdb_;
    std::string egdb_value_;
    int egdb_probe_errors_ = 0;
    std::string egdb_probe_error_;

    std::optional<GameEnd> by_database(const rules::BasicGameState<V>& game);
};

/// The adjudicator of international games.
using Adjudicator = BasicAdjudicator<rules::International>;

}  // namespace draughts::harness
