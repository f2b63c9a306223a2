#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/game/adjudication/tracker.hpp"
#include "harness/game/adjudication/user_adjudication.hpp"
#include "rules/game_state.hpp"

namespace draughts::harness {

/// Decides after every ply whether the game is over, in a fixed priority order: the FMJD rules as
/// rules::GameState applies them (no legal move (loss), threefold repetition, 25-move rule,
/// 16-move rule, 5-move rule), then the optional adjudications (endgame database, maximum
/// length, draw by score, resign by score). Every adjudication sees every ply; when several end the
/// game at the same ply, the first in this order is reported, so rules win over adjudications.
class Adjudicator {
  public:
    explicit Adjudicator(const AdjudicationOptions& options = {});

    /// Starts a new game from `start`.
    void reset(const rules::Position& start);
    /// Judges the ply `event` that has just been played in `game` (whose position is
    /// event.after); returns how the game ends now, if it does.
    std::optional<GameEnd> after_ply(const rules::GameState& game, const PlyEvent& event);
    /// Judges the start position of `game` before any move: only the endgame database can end a
    /// game there (the referee checked that the start is playable).
    std::optional<GameEnd> at_start(const rules::GameState& game);
    /// The database's value of the position when the endgame database ended the game; empty
    /// otherwise.
    const std::string& egdb_value() const { return egdb_value_; }

  private:
    std::vector<std::unique_ptr<Tracker>> trackers_;
    std::optional<EgdbAdjudication> egdb_;
    std::string egdb_value_;

    std::optional<GameEnd> by_database(const rules::GameState& game);
};

}  // namespace draughts::harness
