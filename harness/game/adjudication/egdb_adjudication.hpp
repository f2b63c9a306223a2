#pragma once
// Adjudication by endgame database (match key adjudication.egdb): a game ends as soon as its
// position is in the database with a result the FMJD rules guarantee from there, counts and
// repetitions included (egdb::guaranteed), so that playing on could not change it.

#include <memory>
#include <optional>
#include <string>

#include "egdb/database.hpp"
#include "records/termination.hpp"
#include "rules/game_state.hpp"

namespace draughts::harness {

/// An open database and the most pieces of a position it may adjudicate.
struct EgdbAdjudication {
    std::shared_ptr<const egdb::Database> database;
    int pieces = 0;
};

/// A game ended by the database, and the database's value of its final position.
struct EgdbEnd {
    GameEnd end;
    std::string value;  ///< e.g. "win 7 for White, 16-move rule, 20 of 32 plies left"
};

/// What the database says of a position: the end, or a probe that failed.
struct EgdbVerdict {
    std::optional<EgdbEnd> end;
    /// Why the probe failed (a damaged block, a slice the position reaches that is missing);
    /// empty when it did not. The game is then played on, and the failure is counted
    /// (GameRecord::egdb_probe_errors): it is reported, and fails a strict run.
    std::string error;
};

/// The end of `game` by the database (egdb_win or egdb_draw, with the database's value); no end
/// when the position has more pieces, is not covered, or its result is not yet guaranteed.
EgdbVerdict egdb_adjudication(const EgdbAdjudication& options, const rules::GameState& game);

}  // namespace draughts::harness
