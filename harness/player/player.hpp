#pragma once
// The interface between the referee and anything that plays: an engine in this process, an engine
// process over the Hub protocol, a DXP peer over TCP, a random mover, a scripted test player.
// The referee talks to a player only through these calls, and trusts nothing it replies: every
// move is checked against the legal move list, every deadline is measured on the referee's clock.
// Everything that carries a position or a move is a template over the rules variant V, chosen
// once per match; the international names (Player, ThinkRequest, ...) are the aliases.

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "common/expected.hpp"
#include "engine/engine_parameters.hpp"
#include "engine/search_types.hpp"
#include "records/termination.hpp"
#include "records/time_control.hpp"
#include "rules/color.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::harness {

/// Why a player could not answer. Maps to a forfeit Termination of the same name.
enum class FailureKind : unsigned char {
    Crash,           ///< the engine died or threw
    Timeout,         ///< no reply before the deadline
    MalformedReply,  ///< the reply could not be understood
    Disconnect,      ///< the pipe or connection closed
};

/// A failed request: its kind and a message for the game record.
struct PlayerFailure {
    FailureKind kind = FailureKind::Crash;
    std::string reason;
};

/// The forfeit a failure of this kind causes.
Termination termination_for(FailureKind kind);

/// What a player learns when a game starts.
template <typename V>
struct BasicGameStart {
    rules::BasicPosition<V> start;  ///< the position the game starts from (opening or handicap)
    rules::Color color = rules::Color::White;  ///< the colour this player plays
    TimeControl time_control;                  ///< this player's time control
    std::string opponent;                      ///< the opponent's name
};

/// A request to choose a move. Carries the whole game, so that stateless players (Hub engines
/// given a position, DXP peers that need the opponent's last move) can each take what they need.
template <typename V>
struct BasicThinkRequest {
    rules::BasicPosition<V> start;           ///< position the game started from
    std::vector<rules::BasicMove<V>> moves;  ///< every ply played since `start`, oldest first
    rules::BasicPosition<V> position;        ///< the position to move in (start after all moves)
    /// Index in `moves` of the first ply after the last irreversible one (man move or capture):
    /// positions before it can never recur, so repetition needs only moves[irreversible..].
    std::size_t reversible_from = 0;
    engine::SearchLimits limits;               ///< clock state of the side to move, or fixed limits
    std::optional<double> opponent_time_left;  ///< seconds on the opponent's clock, if any
    /// Seconds from the request until the player forfeits on time: clock or move time plus the
    /// margin, or the move cap when only nodes or depth limit the move (the referee always sets
    /// it; nullopt only from callers that want no deadline). Players that can block (pipes,
    /// sockets) must give up at this deadline and report FailureKind::Timeout.
    std::optional<double> reply_within;

    /// The positions before `position` since the last irreversible ply, oldest first, as the
    /// engine's search needs them for repetition and the draw rules.
    engine::BasicSearchHistory<V> history() const {
        engine::BasicSearchHistory<V> history;
        rules::BasicPosition<V> p = start;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            if (i >= reversible_from) history.previous.push_back(p);
            p = p.after(moves[i]);
        }
        return history;
    }
};

/// Instead of a move, a player may end the game on its own turn (DXP's E): it resigns, or it
/// claims a draw, which the referee grants only when a draw rule allows it.
enum class GameClaim : unsigned char {
    Resign,  ///< the player gives up: it loses [FMJD 7.2.1]
    Draw,    ///< the player says a draw rule ends the game
};

/// A player's answer: a move (as a Move or as text to be parsed against the legal moves) plus
/// optional search information, a claim, or a failure.
template <typename V>
struct BasicThinkReply {
    std::optional<rules::BasicMove<V>> move;  ///< set by players that produce Move values
    std::string move_text;                    ///< set by players that speak text (used when !move)
    std::optional<int> score;                 ///< engine units, side to move's point of view
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<double> seconds;  ///< time the player says it used (informational)
    std::vector<std::string> pv;    ///< principal variation, in the player's notation
    std::optional<PlayerFailure> failure;
    std::optional<GameClaim> claim;  ///< set instead of a move when the player ends the game

    static BasicThinkReply with_move(const rules::BasicMove<V>& m) {
        BasicThinkReply reply;
        reply.move = m;
        return reply;
    }
    static BasicThinkReply with_text(std::string text) {
        BasicThinkReply reply;
        reply.move_text = std::move(text);
        return reply;
    }
    static BasicThinkReply failed(FailureKind kind, std::string reason) {
        BasicThinkReply reply;
        reply.failure = PlayerFailure{kind, std::move(reason)};
        return reply;
    }
    static BasicThinkReply claiming(GameClaim claim) {
        BasicThinkReply reply;
        reply.claim = claim;
        return reply;
    }
};

/// Anything that can play games of variant V. A player is used by one game at a time; stop()
/// alone may be called from another thread (to end a think early, e.g. when a match is aborted).
template <typename V>
class BasicPlayer {
  public:
    using GameStart = BasicGameStart<V>;
    using ThinkRequest = BasicThinkRequest<V>;
    using ThinkReply = BasicThinkReply<V>;

    virtual ~BasicPlayer() = default;

    /// Name for game records ("White"/"Black" tags, tables).
    virtual std::string name() const = 0;
    /// Gets ready to play (launches a process, connects, handshakes). Called once before games.
    virtual Expected<void> start() = 0;
    /// Prepares for a new game (clears hash tables, tells a remote peer the setup).
    virtual Expected<void> new_game(const GameStart& game) = 0;
    /// Chooses a move. Must return by request.reply_within (when set) or report a Timeout.
    virtual ThinkReply think(const ThinkRequest& request) = 0;
    /// Asks a think in progress to return as soon as possible. Thread-safe; no-op when idle.
    virtual void stop() = 0;
    /// Tells the player how the game ended (DXP sends GAMEEND; others may ignore it).
    virtual void game_over(const GameEnd& end) = 0;
    /// Leaves for good (tells a process to quit, closes a connection). Idempotent.
    virtual void quit() = 0;
    /// Plays the next games with these parameter values (names and values as text, applied on
    /// top of the engine's configuration; tuning by games, see spsa/). Called between games only;
    /// the same values twice change nothing. An error names the engine and the parameter; by
    /// default a player takes no parameters.
    virtual Expected<void> set_parameters(const engine::ParameterValues& values) {
        if (values.empty()) return {};
        return make_error("engine '" + name() + "' takes no parameters (set '" +
                          values.front().first + "')");
    }
};

/// The international game's names, used by every player that plays only it.
using GameStart = BasicGameStart<rules::International>;
using ThinkRequest = BasicThinkRequest<rules::International>;
using ThinkReply = BasicThinkReply<rules::International>;
using Player = BasicPlayer<rules::International>;

}  // namespace draughts::harness
