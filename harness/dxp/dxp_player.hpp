#pragma once
// A Player backed by an engine speaking DXP (the DamExchange Protocol) over TCP; see
// dxp/dxp_link.hpp for how the engine is started and reached.
//
// The harness is the initiator. new_game() sends the game request R (the engine's colour, the
// thinking time in whole minutes and the number of moves from the time control, the start
// position in the `B` form unless it is the initial one) and waits for A. Each think() sends the
// opponent's moves the engine has not seen, as M with the seconds they took, and waits for the
// engine's M, which becomes the legal move with the same from, to and captured set (the referee
// checks it like any other). Instead of M the engine may send E on its turn: "I lose" is a
// resignation, "draw" a draw claim (the referee grants it when a draw rule allows it); other
// reasons forfeit. DXP has no clock messages: the referee's clocks are the only ones that count.
// game_over() ends the game with E (the harness speaks for the side to move, and answers an E the
// engine sent with the result the referee gave), and take-back requests are refused.
//
// An engine that breaks the protocol (a malformed message, an unexpected one, no move or no E in
// time) loses the game it plays and its process is ended; with `restart` the next new_game()
// starts it afresh. A refused game request is reported (the game cannot start) and the
// connection is kept.

#include <atomic>
#include <functional>
#include <optional>
#include <string>

#include "harness/dxp/dxp_link.hpp"
#include "harness/player/player.hpp"

namespace draughts::harness {

/// How a DxpPlayer runs its engine.
struct DxpPlayerOptions {
    std::string name;                         ///< for game records; empty: the program's name
    std::string initiator_name = "draughts";  ///< our name in R (at most 32 characters)
    DxpLinkOptions link;
    /// Thinking time sent in R; default: from the time control (see dxp_thinking_minutes).
    std::optional<int> thinking_minutes;
    bool restart = true;  ///< start a failed engine again for the next game
    /// Receives the engine's chat and other events worth a line in the engine log.
    std::function<void(const std::string&)> note;
};

/// R's thinking time for a time control: whole minutes of the base time (at least 1, at most
/// 999); with a fixed move time, the time of 50 such moves; without a clock, 10 minutes (an
/// engine limited by nodes or depth on its own command line ignores it).
int dxp_thinking_minutes(const TimeControl& time_control);

/// Player over a DXP engine; see the top of this file.
class DxpPlayer final : public Player {
  public:
    explicit DxpPlayer(DxpPlayerOptions options);

    std::string name() const override;
    /// Starts the engine and connects (errors say why it failed).
    Expected<void> start() override;
    /// Restarts a failed engine (if allowed), sends R and waits for A.
    Expected<void> new_game(const GameStart& game) override;
    ThinkReply think(const ThinkRequest& request) override;
    void stop() override { link_.interrupt(); }
    /// Exchanges E with the engine (or ends a misbehaving engine).
    void game_over(const GameEnd& end) override;
    /// Closes the connection and ends the engine process. Idempotent.
    void quit() override { link_.close(); }

    /// The name the engine gave in its last A.
    const std::string& follower_name() const { return follower_name_; }
    int restarts() const { return restarts_; }
    pid_t pid() const { return link_.pid(); }
    std::optional<ExitStatus> last_exit() const { return link_.last_exit(); }
    /// The failure that stopped the engine, if it is not running because of one.
    const std::optional<PlayerFailure>& last_failure() const { return last_failure_; }

  private:
    Expected<void> launch();
    Expected<void> ensure_running();
    Expected<void> request_game(const GameStart& game);
    /// Sends the plies of `request` the engine has not seen yet.
    std::optional<PlayerFailure> send_pending_moves(const ThinkRequest& request);
    ThinkReply reply_for(const protocol::DxpMove& move, const ThinkRequest& request);
    /// The reply to an E the engine sent on its turn: a resignation, a draw claim, or a forfeit.
    ThinkReply reply_to_end(const protocol::DxpGameEnd& end);
    /// Ends the process after a failure that leaves the engine in an unknown state.
    PlayerFailure broken(PlayerFailure failure);
    /// The same failure met on the engine's turn: the process is ended after the game instead
    /// (close_pending_), so that the shutdown's grace is not counted as thinking time.
    PlayerFailure abandoned(PlayerFailure failure);
    /// Ends the process of a failure met on the engine's turn, if one is pending.
    void close_if_pending();
    /// The failure a closed connection amounts to (a crash if the process died by a signal).
    PlayerFailure lost_connection(const std::string& while_doing, const std::string& detail);
    void wait_for_end_answer();
    Deadline write_deadline() const;
    void note(const std::string& text) const;

    DxpPlayerOptions options_;
    DxpLink link_;
    bool started_ = false;
    int restarts_ = 0;
    std::optional<PlayerFailure> last_failure_;
    std::string follower_name_;
    bool close_pending_ = false;  ///< a failed engine whose process is still to be ended

    // The game in progress.
    bool in_game_ = false;
    rules::Color color_ = rules::Color::White;
    std::size_t plies_known_ = 0;             ///< plies of the game the engine has seen
    SteadyClock::time_point turn_started_{};  ///< when the opponent's current turn began
    bool engine_ended_ = false;               ///< the engine sent its E first
    bool played_illegal_ = false;             ///< the engine's last M was not a legal move
};

}  // namespace draughts::harness
