#pragma once
// The referee: plays one game between two players from a given position, checks every reply
// against the legal moves, keeps both clocks, applies the rules and adjudications after every ply,
// and returns the complete record. A template over the rules variant V; the international names
// (GameSetup, play_game with international players) are what most callers use.

#include <array>
#include <stop_token>
#include <string_view>

#include "common/expected.hpp"
#include "common/time_source.hpp"
#include "harness/game/adjudication/user_adjudication.hpp"
#include "harness/game/clock.hpp"
#include "harness/player/player.hpp"
#include "records/game_record.hpp"
#include "records/time_control.hpp"
#include "rules/game_state.hpp"
#include "rules/position.hpp"

namespace draughts::harness {

/// Everything that defines one game apart from its players.
template <typename V>
struct BasicGameSetup {
    /// Opening or handicap position.
    rules::BasicPosition<V> start = rules::BasicPosition<V>::initial();
    std::array<TimeControl, 2> time_controls{};  ///< per colour (same for a fair game)
    double time_margin = 0.0;  ///< seconds a side may overstep its clock before it forfeits
    /// Per colour: seconds a move may take when only nodes or depth limit it (SideClock); a move
    /// over the cap forfeits, so that an engine that never answers cannot hang the game.
    std::array<double, 2> move_caps{kDefaultMoveCap, kDefaultMoveCap};
    /// Per colour: seconds of each move's measured time not charged (SideClock): the latency the
    /// harness adds to an engine in another process.
    std::array<double, 2> latency{};
    AdjudicationOptions adjudication;
    GameInfo info;

    /// Both sides under the same time control.
    void set_time_control(const TimeControl& tc) { time_controls = {tc, tc}; }
};

/// The setup of an international game.
using GameSetup = BasicGameSetup<rules::International>;

/// Reads a start position of variant V (international by default) from FEN and checks that a
/// game can be played from it: both sides have pieces and the side to move has a legal move.
/// Errors name the FEN and the problem.
template <typename V = rules::International>
Expected<rules::BasicPosition<V>> parse_start_position(std::string_view fen);

/// Checks that a game can be played from `start` (the rules' check, as parse_start_position).
using rules::check_start_position;

/// Plays one game. Player failures, illegal or unreadable moves and time forfeits end the game
/// (recorded in the result); only an unplayable setup (bad start position, invalid adjudication
/// options) is an error. `time` measures every think; `stop` aborts the game (result "*"),
/// interrupting the player that is thinking.
///
/// The caller owns the players' lifecycle: start() once before their first game, quit() after
/// the last. play_game calls new_game() on both (a player that cannot start loses the game, or the
/// game is aborted when neither can), then think() for every ply, and game_over() on both at the
/// end. Games in parallel need their own players (a Player serves one game at a time); `time` may
/// be shared.
/// Defined for the variants of rules/variant.hpp.
template <typename V>
Expected<BasicGameRecord<V>> play_game(const BasicGameSetup<V>& setup, BasicPlayer<V>& white,
                                       BasicPlayer<V>& black, const TimeSource& time,
                                       std::stop_token stop = {});

}  // namespace draughts::harness
