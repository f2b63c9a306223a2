#pragma once
// The one variant-dependent part of a tournament: the players of the match's variant V and the
// opening book of its board, behind a variant-free interface. rules::dispatch_variant chooses V
// once when the run is built; everything the tournament does around a game (scheduling, SPRT,
// results folder, cluster) sees only what a game leaves behind: its end, its PDN text and its
// games.jsonl line.

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "common/time_source.hpp"
#include "engine/engine_parameters.hpp"
#include "harness/config/match_config.hpp"
#include "harness/game/adjudication/user_adjudication.hpp"
#include "harness/game/clock.hpp"
#include "harness/openings/opening_order.hpp"
#include "harness/tournament/player_pool.hpp"
#include "harness/tournament/schedule.hpp"
#include "records/game_record.hpp"
#include "records/termination.hpp"

namespace draughts::harness {

class ChildRegistry;
class EngineLog;

/// What the tournament decides about one game, apart from the players and the start position.
struct GamePlan {
    std::array<TimeControl, 2> time_controls{};  ///< per colour
    double time_margin = 0.0;
    std::array<double, 2> move_caps{kDefaultMoveCap, kDefaultMoveCap};  ///< per colour
    std::array<double, 2> latency{};  ///< per colour (GameSetup::latency)
    AdjudicationOptions adjudication;
    GameInfo info;
    /// The opening's index in the book; nullopt: the variant's initial position.
    std::optional<std::size_t> book_index;
    /// Parameter values for the players by colour (Player::set_parameters, before the game);
    /// nullopt: the player keeps what it has.
    std::array<std::optional<engine::ParameterValues>, 2> parameters{};
};

/// A game as the tournament keeps it: how it ended and its rendered PDN and JSON line.
struct RenderedGame {
    GameEnd end;
    std::array<bool, 2> not_started{};  ///< by colour: the player could not start the game
    std::string pdn;                    ///< to_pdn of the record
    Json line;                          ///< game_line of the record
};

/// The players and book of one match's variant; thread-safe as PlayerPool is.
class MatchGames {
  public:
    virtual ~MatchGames() = default;

    /// Starts engine `index` once (see PlayerPool::start_check).
    virtual std::optional<StartFailure> start_check(std::size_t index) = 0;
    /// Quits every idle player.
    virtual void shutdown() = 0;
    /// How engine `index` is run, for messages.
    virtual const std::string& command_line(std::size_t index) const = 0;
    /// The engine's own time margin; nullopt: the match's.
    virtual std::optional<double> move_margin(std::size_t index) const = 0;
    /// The engine's own move cap; nullopt: the match's.
    virtual std::optional<double> move_cap(std::size_t index) const = 0;
    /// True when engine `index` runs in another process (its clock gets latency compensation).
    virtual bool remote(std::size_t index) const = 0;
    /// The order the book's openings are played in; nullopt without a book.
    virtual const std::optional<OpeningOrder>& order() const = 0;
    /// Plays game `game` of `pairing` with players from the pool; errors as play_game's, and a
    /// player that refuses the plan's parameter values.
    virtual Expected<RenderedGame> play(const Pairing& pairing, int game, const GamePlan& plan,
                                        const TimeSource& time, std::stop_token stop) = 0;
};

/// The games of `config.variant`: prepares every engine for it (errors name the engine, e.g. a
/// kind that cannot play the variant) and loads the variant's book. `registry` and `log` may be
/// null and must outlive the result.
Expected<std::unique_ptr<MatchGames>> make_match_games(const MatchConfig& config,
                                                       ChildRegistry* registry, EngineLog* log);

}  // namespace draughts::harness
