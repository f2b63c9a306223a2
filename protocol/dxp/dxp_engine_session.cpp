#include "protocol/dxp/dxp_engine_session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "protocol/dxp/dxp_clock.hpp"
#include "rules/fen.hpp"
#include "rules/game_state.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"

namespace draughts::protocol {
namespace {

using rules::Color;
using rules::GameResult;
using SteadyClock = std::chrono::steady_clock;

/// The end of a game as the engine sees it: the rules' verdict or its own draw claim.
struct GameOver {
    GameResult result = GameResult::Unfinished;
    std::string text;
};

/// Whether the game is over after its last ply: by the rules first, then by the draw claim after
/// `max_moves` moves by each side.
std::optional<GameOver> judge(const rules::GameState& state, std::optional<int> max_moves) {
    if (auto verdict = state.verdict()) return GameOver{verdict->result, verdict->text};
    if (max_moves && state.ply() >= 2 * *max_moves)
        return GameOver{GameResult::Draw, "adjudicated draw: maximum game length of " +
                                              std::to_string(*max_moves) + " moves reached"};
    return std::nullopt;
}

Error peer_error(const std::string& what) { return make_error("DXP peer " + what); }

/// The game result a reason stands for, given who sent it.
GameResult result_of(DxpEndReason reason, Color sender) {
    switch (reason) {
        case DxpEndReason::ILose:
            return rules::win_for(rules::opposite(sender));
        case DxpEndReason::IWin:
            return rules::win_for(sender);
        case DxpEndReason::Draw:
            return GameResult::Draw;
        case DxpEndReason::Unknown:
            break;
    }
    return GameResult::Unfinished;
}

}  // namespace

/// The engine's view of the game in progress.
struct DxpEngineSession::Game {
    Game(Color own, const rules::Position& from, const DxpClock& own_clock)
        : color(own), state(from), clock(own_clock) {}

    bool our_turn() const { return state.position().side_to_move() == color; }

    Color color;
    rules::GameState state;
    std::vector<std::string> notation;
    DxpClock clock;
    std::optional<GameOver> over;  ///< set once the rules (or the draw claim) end the game
    bool sent_end = false;         ///< the engine sent its E
    SteadyClock::time_point turn_started = SteadyClock::now();
};

DxpEngineSession::DxpEngineSession(DxpEngineOptions options, DxpTransport& transport)
    : options_(std::move(options)), transport_(transport), engine_(options_.engine) {}

DxpEngineSession::~DxpEngineSession() = default;

void DxpEngineSession::log(const std::string& text) const {
    if (options_.log) options_.log(text);
}

Expected<void> DxpEngineSession::send(const DxpMessage& message) {
    const DxpSendResult sent =
        transport_.send(message, SteadyClock::now() + std::chrono::seconds(10));
    if (sent.ok()) return {};
    return make_error("cannot send " + dxp_log_text(message) + ": " + sent.error);
}

Expected<void> DxpEngineSession::run() {
    if (options_.initiate) {
        if (auto sent = send_request(); !sent) return sent;
    }
    for (;;) {
        const DxpReceived received = transport_.receive(kDxpNoDeadline);
        if (received.status == DxpReceived::Status::Closed) {
            if (game_) log("the peer closed the connection during a game");
            return {};
        }
        if (received.status == DxpReceived::Status::Malformed) {
            transport_.close();
            return peer_error("sent a malformed message: " + received.error);
        }
        if (received.status != DxpReceived::Status::Message) continue;
        auto go_on = handle(received);
        if (!go_on || !*go_on) transport_.close();
        if (!go_on) return go_on.error();
        if (!*go_on) return {};
    }
}

Expected<bool> DxpEngineSession::handle(const DxpReceived& received) {
    const DxpMessage& message = received.message;
    if (const auto* r = std::get_if<DxpGameRequest>(&message)) return handle_request(*r);
    if (const auto* a = std::get_if<DxpGameAccept>(&message)) return handle_accept(*a);
    if (const auto* m = std::get_if<DxpMove>(&message)) return handle_move(*m);
    if (const auto* e = std::get_if<DxpGameEnd>(&message)) return handle_end(*e);
    if (const auto* c = std::get_if<DxpChat>(&message)) {
        log("chat: " + c->text);
        return true;
    }
    if (std::holds_alternative<DxpBackRequest>(message)) {
        if (auto sent = send(DxpBackAnswer{1}); !sent) return sent.error();
        return true;
    }
    return true;  // K: we never ask for take-backs, so an answer changes nothing
}

Expected<void> DxpEngineSession::send_request() {
    DxpGameRequest request = *options_.initiate;
    // Colours alternate from game to game, so that N games are fair to both sides: every second
    // request asks the follower to play the other colour.
    if (games_started_ % 2 == 1) request.follower_color = rules::opposite(request.follower_color);
    ++games_started_;
    awaiting_accept_ = true;
    requested_ = request;
    return send(request);
}

Expected<bool> DxpEngineSession::handle_request(const DxpGameRequest& request) {
    const auto refuse = [&](DxpAcceptCode code, const std::string& why) -> Expected<bool> {
        log("refused a game: " + why);
        if (auto sent = send(DxpGameAccept{options_.name, code}); !sent) return sent.error();
        return true;
    };
    if (options_.initiate) return refuse(DxpAcceptCode::NotThisGame, "this side is the initiator");
    if (game_) return refuse(DxpAcceptCode::NotThisGame, "a game is in progress");
    if (request.version != kDxpVersion)
        return refuse(DxpAcceptCode::WrongVersion,
                      "protocol version " + std::to_string(request.version));
    const rules::Position start = request.start.value_or(rules::Position::initial());
    if (auto playable = rules::check_start_position(start); !playable)
        return refuse(DxpAcceptCode::NotThisGame, playable.error().message);
    if (auto sent = send(DxpGameAccept{options_.name, DxpAcceptCode::Accepted}); !sent)
        return sent.error();
    if (auto started = start_game(request.follower_color, request); !started)
        return started.error();
    return true;
}

Expected<bool> DxpEngineSession::handle_accept(const DxpGameAccept& accept) {
    if (!awaiting_accept_) return peer_error("sent A without a game request");
    awaiting_accept_ = false;
    if (accept.code != DxpAcceptCode::Accepted)
        return peer_error("'" + accept.follower_name +
                          "' refused the game: " + std::string(dxp_accept_code_text(accept.code)));
    const DxpGameRequest& request = requested_;
    if (auto started = start_game(rules::opposite(request.follower_color), request); !started)
        return started.error();
    return true;
}

Expected<void> DxpEngineSession::start_game(Color color, const DxpGameRequest& request) {
    const rules::Position start = request.start.value_or(rules::Position::initial());
    game_ = std::make_unique<Game>(
        color, start, DxpClock(request, options_.nodes, options_.depth, options_.move_overhead));
    engine_.new_game();
    log(std::string("game ") + std::to_string(finished_.size() + 1) + ": playing " +
        rules::color_name(color) + " from " + rules::to_fen(start));
    if (!game_->our_turn()) return {};
    if (auto ended = end_if_over(); !ended) return ended;
    if (game_->sent_end) return {};
    return play_own_move();
}

void DxpEngineSession::apply(const rules::Move& move) {
    Game& game = *game_;
    game.notation.push_back(rules::to_pdn_notation(game.state.position(), move));
    game.state.play(move);
    if (!game.over) game.over = judge(game.state, options_.max_moves);
}

Expected<void> DxpEngineSession::play_own_move() {
    Game& game = *game_;
    const engine::SearchLimits limits = game.clock.limits();
    const engine::SearchHistory history{game.state.previous_positions()};
    const engine::SearchResult result = engine_.search(game.state.position(), history, limits);
    if (result.best_move.is_null()) return make_error("the engine found no move");
    const double elapsed =
        std::chrono::duration<double>(SteadyClock::now() - game.turn_started).count();
    game.clock.charge(elapsed);
    const int seconds = static_cast<int>(std::clamp(std::round(elapsed), 0.0, 9999.0));
    if (auto sent = send(to_dxp_move(result.best_move, seconds)); !sent) return sent;
    apply(result.best_move);
    game.turn_started = SteadyClock::now();
    return {};
}

Expected<void> DxpEngineSession::end_if_over() {
    Game& game = *game_;
    // After a ply the verdict is in already; this finds a start where the side to move cannot
    // move (only possible as the initiator: a follower refuses such a start).
    if (!game.over) {
        if (auto verdict = game.state.verdict())
            game.over = GameOver{verdict->result, verdict->text};
    }
    if (!game.over || !game.our_turn() || game.sent_end) return {};
    game.sent_end = true;
    log("the game is over (" + game.over->text + "): sending E");
    const bool stop = options_.initiate && games_started_ >= options_.games;
    return send(DxpGameEnd{own_reason(std::nullopt), stop});
}

Expected<bool> DxpEngineSession::handle_move(const DxpMove& dxp) {
    if (!game_) return peer_error("sent a move outside a game: " + dxp_log_text(dxp));
    Game& game = *game_;
    if (game.over) {
        if (game.sent_end) return true;  // made before it saw our E
        // The rules ended the game with the engine's move; the peer moves on regardless.
        game.sent_end = true;
        const bool stop = options_.initiate && games_started_ >= options_.games;
        if (auto sent = send(DxpGameEnd{own_reason(std::nullopt), stop}); !sent)
            return sent.error();
        return true;
    }
    if (game.our_turn()) return peer_error("moved out of turn: " + dxp_log_text(dxp));
    const rules::Move move(rules::bit_index(dxp.from), rules::bit_index(dxp.to),
                           dxp.captured_set());
    rules::MoveList legal;
    rules::generate_moves(game.state.position(), legal);
    if (!legal.contains(move)) {
        log("illegal move " + dxp_log_text(dxp) + " in " + rules::to_fen(game.state.position()) +
            ": aborting the game");
        (void)send(DxpGameEnd{DxpEndReason::Unknown, true});
        return peer_error("played an illegal move: " + dxp_log_text(dxp));
    }
    apply(move);
    game.turn_started = SteadyClock::now();
    if (auto ended = end_if_over(); !ended) return ended.error();
    if (game.over) return true;
    if (auto played = play_own_move(); !played) return played.error();
    return true;
}

Expected<bool> DxpEngineSession::handle_end(const DxpGameEnd& end) {
    if (!game_) {
        log("E outside a game ignored");
        return !end.stop;
    }
    Game& game = *game_;
    const Color peer = rules::opposite(game.color);
    if (game.sent_end) {
        const GameResult result = game.over ? game.over->result : result_of(end.reason, peer);
        return finish_game(result, "E sent, answered with " + dxp_log_text(end), end.stop);
    }
    const bool stop = end.stop || (options_.initiate && games_started_ >= options_.games);
    if (auto sent = send(DxpGameEnd{own_reason(end.reason), stop}); !sent) return sent.error();
    const GameResult result = game.over ? game.over->result : result_of(end.reason, peer);
    return finish_game(result, "the peer sent " + dxp_log_text(end), end.stop);
}

DxpEndReason DxpEngineSession::own_reason(std::optional<DxpEndReason> peer_reason) const {
    const Game& game = *game_;
    if (!game.over) return mirrored(peer_reason.value_or(DxpEndReason::Unknown));
    if (game.over->result == GameResult::Draw) return DxpEndReason::Draw;
    if (game.over->result == GameResult::Unfinished) return DxpEndReason::Unknown;
    return game.over->result == rules::win_for(game.color) ? DxpEndReason::IWin
                                                           : DxpEndReason::ILose;
}

Expected<bool> DxpEngineSession::finish_game(GameResult result, const std::string& how,
                                             bool peer_stop) {
    DxpSessionGame record;
    record.color = game_->color;
    record.result = result;
    record.how = (game_->over ? game_->over->text + "; " : std::string()) + how;
    record.moves = game_->notation;
    game_.reset();
    log("game over: " + std::string(rules::to_pdn_result(result)) + " (" + record.how + ")");
    finished_.push_back(record);
    if (on_game_end_) on_game_end_(finished_.back());
    if (peer_stop) return false;
    if (!options_.initiate) return true;
    if (games_started_ >= options_.games) return false;
    if (auto sent = send_request(); !sent) return sent.error();
    return true;
}

}  // namespace draughts::protocol
