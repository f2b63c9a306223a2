#pragma once
// Tells an engine that cannot start apart from one that crashed in the middle of a match.
//
// Before the first game, every engine of a tournament is started once; and until an engine has
// started a game, its failing to start one fails the whole run, with a message a newcomer can act
// on: the engine's name, its command line, the phase, and its last lines of stderr. Once it has
// started a game (it is "proven"), a later failure is a forfeit of that game only, as a crash in
// the middle of a long match should be.

#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "harness/config/match_config.hpp"
#include "harness/tournament/match_games.hpp"
#include "harness/tournament/schedule.hpp"

namespace draughts::harness {

class EngineLog;

/// See the top of the file. check_first_game is thread-safe.
class StartupGuard {
  public:
    /// `config`, `games` and `log` must outlive the guard; `log` may be null.
    StartupGuard(const MatchConfig& config, MatchGames& games, EngineLog* log);

    /// Starts every engine once; the failure message, if one cannot start.
    std::optional<std::string> check_engines_start();
    /// After game `game` of `pairing`: the engines that started it are proven. The failure
    /// message when an engine that was not yet proven could not start it.
    std::optional<std::string> check_first_game(const Pairing& pairing, int game,
                                                const RenderedGame& played);

  private:
    /// The message for an engine that could not start in `phase`.
    std::string startup_failure(std::size_t engine, const std::string& phase,
                                const StartFailure& failure) const;

    const MatchConfig& config_;
    MatchGames& games_;
    EngineLog* log_;
    /// Per engine: it has started a game.
    std::unique_ptr<std::atomic<bool>[]> proven_;
};

}  // namespace draughts::harness
