#pragma once
// The project's engine as a DXP peer (`draughts dxp`): plays games over one DXP connection, as the
// follower (answers R with A) or as the initiator (sends R, as many games as asked for).
//
// The engine keeps the game itself (a rules::GameState): every M of the peer must be a legal move
// (matched by from, to and captured set), and an illegal one aborts the game (E, then the
// connection is closed). Its clock (DxpClock) starts from R's thinking time and number of moves;
// fixed node or depth limits replace the clock, so that play is deterministic (the same games as
// the in-process engine with the same limits). After every ply the FMJD rules are applied, then
// the optional draw claim after a maximum number of moves: when the game is over and it is the
// engine's turn it sends E (only the side to move starts E); an E of the peer is answered with the
// engine's own view of the result (or the mirror of the peer's when the rules have not ended the
// game). Take-backs are refused; chat is logged. The session sees the connection only as a
// DxpTransport, so it runs as well over TCP (`draughts dxp`) as in memory (its tests).

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "engine/engine.hpp"
#include "protocol/dxp/dxp_message.hpp"
#include "protocol/dxp/dxp_transport.hpp"
#include "rules/color.hpp"
#include "rules/game_result.hpp"

namespace draughts::protocol {

/// Settings of the engine side of DXP.
struct DxpEngineOptions {
    std::string name = "draughts";  ///< sent in A or R (at most 32 characters)
    engine::EngineOptions engine;
    /// Fixed limits per move; when either is set the clock from R is not used.
    std::optional<std::uint64_t> nodes;
    std::optional<int> depth;
    /// As initiator: the game request of the first game (later games alternate the colours:
    /// every second request has the follower's colour reversed); nullopt: follow the peer's.
    std::optional<DxpGameRequest> initiate;
    int games = 1;  ///< as initiator: games to play on the connection
    /// Seconds kept off every move's time budget for the connection and the peer's clock.
    double move_overhead = 0.02;
    /// Claims a draw once both sides have made this many moves (unless the rules ended the game
    /// first); nullopt: play on until the rules or the peer end the game.
    std::optional<int> max_moves;
    /// Human-readable events (game start and end, chat, the peer's mistakes).
    std::function<void(const std::string&)> log;
};

/// One finished game as the engine saw it.
struct DxpSessionGame {
    rules::Color color = rules::Color::White;  ///< the engine's colour
    rules::GameResult result = rules::GameResult::Unfinished;
    std::string how;  ///< e.g. "Black has no pieces left [FMJD 7.2.2]; the peer sent E10"
    std::vector<std::string> moves;  ///< every ply in PDN notation
};

/// One DXP conversation of the engine; see the top of this file.
class DxpEngineSession {
  public:
    DxpEngineSession(DxpEngineOptions options, DxpTransport& transport);
    ~DxpEngineSession();
    DxpEngineSession(const DxpEngineSession&) = delete;
    DxpEngineSession& operator=(const DxpEngineSession&) = delete;

    /// Plays until the peer closes the connection or a stop code ends the games. Errors: the
    /// peer broke the protocol (malformed or unexpected message, illegal move, refused game);
    /// the transport is then closed.
    Expected<void> run();

    /// Called at the end of every game.
    void on_game_end(std::function<void(const DxpSessionGame&)> callback) {
        on_game_end_ = std::move(callback);
    }
    const std::vector<DxpSessionGame>& games() const { return finished_; }

  private:
    struct Game;

    Expected<void> send(const DxpMessage& message);
    Expected<void> send_request();
    Expected<void> start_game(rules::Color color, const DxpGameRequest& request);
    /// Handles one message; returns false when the conversation is over.
    Expected<bool> handle(const DxpReceived& received);
    Expected<bool> handle_request(const DxpGameRequest& request);
    Expected<bool> handle_accept(const DxpGameAccept& accept);
    Expected<bool> handle_move(const DxpMove& move);
    Expected<bool> handle_end(const DxpGameEnd& end);
    /// Searches and sends the engine's move; then applies it.
    Expected<void> play_own_move();
    /// Plays a ply on the engine's board and runs the rules.
    void apply(const rules::Move& move);
    /// Sends E when the rules ended the game and it is the engine's turn.
    Expected<void> end_if_over();
    /// Records the finished game; returns whether to go on (next game) or stop.
    Expected<bool> finish_game(rules::GameResult result, const std::string& how, bool peer_stop);
    DxpEndReason own_reason(std::optional<DxpEndReason> peer_reason) const;
    void log(const std::string& text) const;

    DxpEngineOptions options_;
    DxpTransport& transport_;
    engine::Engine engine_;
    std::unique_ptr<Game> game_;
    bool awaiting_accept_ = false;
    DxpGameRequest requested_;  ///< as initiator: the request of the current game
    int games_started_ = 0;
    std::vector<DxpSessionGame> finished_;
    std::function<void(const DxpSessionGame&)> on_game_end_;
};

}  // namespace draughts::protocol
