#include "harness/dxp/dxp_player.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "common/text.hpp"
#include "rules/movegen.hpp"

namespace draughts::harness {
namespace {

/// Moves assumed per game when a fixed move time is turned into R's thinking time.
constexpr double kMovesPerGame = 50.0;
/// Thinking time sent when the time control has no clock at all.
constexpr int kUntimedMinutes = 10;
/// After the connection closes: how long to wait for the process to end, to tell a crash.
constexpr auto kExitWait = std::chrono::milliseconds(200);

/// Whole seconds since `since`, as M's 4-digit field can carry them.
int seconds_since(SteadyClock::time_point since) {
    const double seconds = std::chrono::duration<double>(SteadyClock::now() - since).count();
    return static_cast<int>(std::clamp(std::floor(seconds), 0.0, 9999.0));
}

std::string_view header_name(char header) {
    switch (header) {
        case 'R':
            return "a game request (R)";
        case 'A':
            return "a game accept (A)";
        case 'K':
            return "a take-back answer (K)";
        default:
            break;
    }
    return "a message";
}

/// The E the harness sends: the result from the point of view of the engine's opponent.
protocol::DxpEndReason harness_reason(GameResult result, rules::Color engine_color) {
    switch (result) {
        case GameResult::Draw:
            return protocol::DxpEndReason::Draw;
        case GameResult::Unfinished:
            return protocol::DxpEndReason::Unknown;
        case GameResult::WhiteWin:
        case GameResult::BlackWin:
            break;
    }
    return result == win_for(engine_color) ? protocol::DxpEndReason::ILose
                                           : protocol::DxpEndReason::IWin;
}

}  // namespace

int dxp_thinking_minutes(const TimeControl& time_control) {
    double minutes = kUntimedMinutes;
    if (time_control.base) {
        minutes = std::floor(*time_control.base / 60.0);
    } else if (time_control.move_time) {
        minutes = std::floor(*time_control.move_time * kMovesPerGame / 60.0);
    }
    return static_cast<int>(std::clamp(minutes, 1.0, 999.0));
}

namespace {

/// The link's options, with refused connections told to the engine log.
DxpLinkOptions link_options(const DxpPlayerOptions& options) {
    DxpLinkOptions link = options.link;
    if (!link.note) link.note = options.note;
    return link;
}

}  // namespace

DxpPlayer::DxpPlayer(DxpPlayerOptions options)
    : options_(std::move(options)), link_(link_options(options_)) {}

std::string DxpPlayer::name() const {
    if (!options_.name.empty()) return options_.name;
    const auto& argv = options_.link.process.argv;
    return argv.empty() ? "dxp" : std::filesystem::path(argv.front()).filename().string();
}

void DxpPlayer::note(const std::string& text) const {
    if (options_.note) options_.note(text);
}

Deadline DxpPlayer::write_deadline() const { return deadline_after(options_.link.timeouts.write); }

Expected<void> DxpPlayer::launch() {
    last_failure_ = link_.start();
    if (last_failure_)
        return make_error("engine '" + name() + "': " + last_failure_->reason +
                          link_.transcript().indented_text());
    return {};
}

Expected<void> DxpPlayer::start() {
    started_ = true;
    return launch();
}

Expected<void> DxpPlayer::ensure_running() {
    close_if_pending();
    if (link_.connected()) return {};
    if (started_ && !options_.restart) {
        return make_error("engine '" + name() + "' is not running" +
                          (last_failure_ ? " (" + last_failure_->reason + ")" : ""));
    }
    if (started_) ++restarts_;
    started_ = true;
    return launch();
}

PlayerFailure DxpPlayer::broken(PlayerFailure failure) {
    link_.close();
    in_game_ = false;
    last_failure_ = failure;
    return failure;
}

PlayerFailure DxpPlayer::abandoned(PlayerFailure failure) {
    in_game_ = false;
    last_failure_ = failure;
    close_pending_ = true;
    return failure;
}

void DxpPlayer::close_if_pending() {
    if (!close_pending_) return;
    close_pending_ = false;
    link_.close();
}

PlayerFailure DxpPlayer::lost_connection(const std::string& while_doing,
                                         const std::string& detail) {
    const auto status = link_.wait_exit(kExitWait);
    const bool crashed = status && status->kind == ExitStatus::Kind::Signaled;
    std::string reason = "the engine closed the connection while " + while_doing;
    if (status) reason += " (it " + status->describe() + ")";
    if (!detail.empty()) reason += ": " + detail;
    return broken({crashed ? FailureKind::Crash : FailureKind::Disconnect, reason});
}

Expected<void> DxpPlayer::new_game(const GameStart& game) {
    in_game_ = false;
    if (auto running = ensure_running(); !running) return running;
    auto requested = request_game(game);
    if (!requested && !link_.connected() && options_.restart && last_failure_ &&
        last_failure_->kind == FailureKind::Disconnect) {
        // It went away between games (e.g. right after its last E): one fresh start.
        ++restarts_;
        if (auto launched = launch(); !launched) return launched;
        requested = request_game(game);
    }
    return requested;
}

Expected<void> DxpPlayer::request_game(const GameStart& game) {
    DxpConnection& connection = link_.connection();
    connection.clear_interrupt();
    protocol::DxpGameRequest request;
    request.initiator_name = options_.initiator_name;
    request.follower_color = game.color;
    request.thinking_minutes =
        options_.thinking_minutes.value_or(dxp_thinking_minutes(game.time_control));
    request.moves = std::min(game.time_control.moves_per_period, 999);
    if (!(game.start == rules::Position::initial())) request.start = game.start;
    const auto fail = [&](const PlayerFailure& failure) {
        return make_error("engine '" + name() + "': " + failure.reason +
                          link_.transcript().indented_text());
    };
    const DxpSendResult sent = connection.send(request, write_deadline());
    if (sent.status == DxpSendResult::Status::Invalid)
        return make_error("engine '" + name() + "': cannot send the game request: " + sent.error);
    if (sent.status == DxpSendResult::Status::Closed)
        return fail(lost_connection("the game request was sent", ""));
    if (sent.status == DxpSendResult::Status::Timeout)
        return fail(broken({FailureKind::Timeout, "the engine did not take the game request"}));

    const Deadline deadline = deadline_after(options_.link.timeouts.accept_game);
    for (;;) {
        DxpReceived received = connection.receive(deadline);
        switch (received.status) {
            case DxpReceived::Status::Timeout:
            case DxpReceived::Status::Interrupted:
                return fail(broken(
                    {FailureKind::Timeout, "the engine did not accept the game within " +
                                               seconds_text(options_.link.timeouts.accept_game)}));
            case DxpReceived::Status::Closed:
                return fail(lost_connection("asked for a game", received.error));
            case DxpReceived::Status::Malformed:
                return fail(broken({FailureKind::MalformedReply,
                                    "bad answer to the game request: " + received.error}));
            case DxpReceived::Status::Message:
                break;
        }
        link_.transcript().output_line(received.text);
        if (const auto* chat = std::get_if<protocol::DxpChat>(&received.message)) {
            note("chat: " + chat->text);
            continue;
        }
        const auto* accept = std::get_if<protocol::DxpGameAccept>(&received.message);
        if (accept == nullptr)
            return fail(
                broken({FailureKind::MalformedReply,
                        "answered the game request with \"" + received.text + "\" instead of A"}));
        follower_name_ = accept->follower_name;
        if (accept->code != protocol::DxpAcceptCode::Accepted) {
            return make_error("engine '" + name() + "' refused the game: " +
                              std::string(protocol::dxp_accept_code_text(accept->code)) +
                              " (A code " + std::to_string(static_cast<int>(accept->code)) + ")");
        }
        in_game_ = true;
        color_ = game.color;
        plies_known_ = 0;
        engine_ended_ = false;
        played_illegal_ = false;
        turn_started_ = SteadyClock::now();
        return {};
    }
}

std::optional<PlayerFailure> DxpPlayer::send_pending_moves(const ThinkRequest& request) {
    DxpConnection& connection = link_.connection();
    for (std::size_t i = plies_known_; i < request.moves.size(); ++i) {
        const bool last = i + 1 == request.moves.size();
        const protocol::DxpMove move =
            protocol::to_dxp_move(request.moves[i], last ? seconds_since(turn_started_) : 0);
        const DxpSendResult sent = connection.send(move, write_deadline());
        if (sent.status == DxpSendResult::Status::Closed)
            return lost_connection("the opponent's move was sent", "");
        if (!sent.ok()) return broken({FailureKind::Timeout, "the engine did not take the move"});
    }
    plies_known_ = request.moves.size();
    return std::nullopt;
}

ThinkReply DxpPlayer::reply_for(const protocol::DxpMove& move, const ThinkRequest& request) {
    ++plies_known_;
    turn_started_ = SteadyClock::now();
    const rules::Move candidate(rules::bit_index(move.from), rules::bit_index(move.to),
                                move.captured_set());
    rules::MoveList legal;
    rules::generate_moves(request.position, legal);
    // An illegal move goes to the referee as it is (it forfeits the game there), and the engine
    // cannot be trusted with another game on this connection.
    if (!legal.contains(candidate)) played_illegal_ = true;
    ThinkReply reply = ThinkReply::with_move(candidate);
    reply.seconds = move.seconds;
    return reply;
}

ThinkReply DxpPlayer::reply_to_end(const protocol::DxpGameEnd& end) {
    // The side to move may start E [DXP]: "I lose" is a resignation and "draw" a draw claim,
    // which the referee judges; game_over() answers with the harness's own E either way.
    engine_ended_ = true;
    if (end.reason == protocol::DxpEndReason::ILose) return ThinkReply::claiming(GameClaim::Resign);
    if (end.reason == protocol::DxpEndReason::Draw) return ThinkReply::claiming(GameClaim::Draw);
    // "I win" or "unknown" on its own turn: the rules did not end the game, so the engine
    // claims what nothing supports.
    return ThinkReply::failed(
        FailureKind::MalformedReply,
        "the engine ended the game (E: " + std::string(protocol::dxp_end_reason_text(end.reason)) +
            ") instead of moving");
}

ThinkReply DxpPlayer::think(const ThinkRequest& request) {
    // Failures quote what the engine said (its last messages, its output).
    const auto failed = [this](const PlayerFailure& failure) {
        return ThinkReply::failed(failure.kind, failure.reason + link_.transcript().inline_text());
    };
    if (!link_.connected() || !in_game_) {
        const PlayerFailure failure =
            last_failure_.value_or(PlayerFailure{FailureKind::Crash, "no game is in progress"});
        return ThinkReply::failed(failure.kind, "engine not running: " + failure.reason);
    }
    if (auto failure = send_pending_moves(request)) return failed(*failure);
    const auto limit = request.reply_within
                           ? std::chrono::duration<double>(*request.reply_within)
                           : std::chrono::duration<double>(options_.link.timeouts.untimed_move);
    const Deadline deadline = deadline_after(limit);
    DxpConnection& connection = link_.connection();
    for (;;) {
        DxpReceived received = connection.receive(deadline);
        switch (received.status) {
            case DxpReceived::Status::Message:
                break;
            case DxpReceived::Status::Interrupted:
                connection.clear_interrupt();
                return ThinkReply::failed(FailureKind::Timeout, "stopped before the engine moved");
            case DxpReceived::Status::Timeout:
                return failed(abandoned({FailureKind::Timeout, "no move by the deadline"}));
            case DxpReceived::Status::Closed:
                return failed(lost_connection("thinking", received.error));
            case DxpReceived::Status::Malformed:
                return failed(abandoned({FailureKind::MalformedReply, received.error}));
        }
        link_.transcript().output_line(received.text);
        const protocol::DxpMessage& message = received.message;
        if (const auto* move = std::get_if<protocol::DxpMove>(&message))
            return reply_for(*move, request);
        if (const auto* chat = std::get_if<protocol::DxpChat>(&message)) {
            note("chat: " + chat->text);
            continue;
        }
        if (std::holds_alternative<protocol::DxpBackRequest>(message)) {
            // Take-backs are not part of a refereed game.
            note("refused a take-back request: " + received.text);
            if (!connection.send(protocol::DxpBackAnswer{1}, write_deadline()).ok())
                return failed(lost_connection("a take-back was refused", ""));
            continue;
        }
        if (const auto* end = std::get_if<protocol::DxpGameEnd>(&message))
            return reply_to_end(*end);
        return failed(abandoned(
            {FailureKind::MalformedReply,
             "sent " + std::string(header_name(received.text.empty() ? '?' : received.text[0])) +
                 " during the game: \"" + received.text + "\""}));
    }
}

void DxpPlayer::game_over(const GameEnd& end) {
    close_if_pending();
    if (!link_.connected() || !in_game_) return;
    in_game_ = false;
    if (played_illegal_) {
        last_failure_ =
            PlayerFailure{FailureKind::MalformedReply, "ended after it played an illegal move"};
        link_.close();
        return;
    }
    DxpConnection& connection = link_.connection();
    connection.clear_interrupt();
    const protocol::DxpGameEnd ours{harness_reason(end.result, color_), false};
    const DxpSendResult sent = connection.send(ours, write_deadline());
    if (!sent.ok()) {
        broken({FailureKind::Disconnect, "the engine did not take the game end"});
        return;
    }
    if (!engine_ended_) wait_for_end_answer();
}

void DxpPlayer::wait_for_end_answer() {
    DxpConnection& connection = link_.connection();
    const Deadline deadline = deadline_after(options_.link.timeouts.game_end);
    for (;;) {
        DxpReceived received = connection.receive(deadline);
        if (received.status == DxpReceived::Status::Interrupted) {
            connection.clear_interrupt();
            continue;
        }
        if (received.status != DxpReceived::Status::Message) {
            broken(
                {FailureKind::Timeout, "no E in answer to the game end: " +
                                           (received.error.empty() ? "timeout" : received.error)});
            return;
        }
        const protocol::DxpMessage& message = received.message;
        if (const auto* chat = std::get_if<protocol::DxpChat>(&message))
            note("chat: " + chat->text);
        if (std::holds_alternative<protocol::DxpGameEnd>(message)) return;
        // A move the engine made before it saw our E, chat, or a take-back request.
        if (std::holds_alternative<protocol::DxpBackRequest>(message))
            connection.send(protocol::DxpBackAnswer{1}, write_deadline());
        if (std::holds_alternative<protocol::DxpMove>(message) ||
            std::holds_alternative<protocol::DxpChat>(message) ||
            std::holds_alternative<protocol::DxpBackRequest>(message))
            continue;
        broken(
            {FailureKind::MalformedReply, "answered the game end with \"" + received.text + "\""});
        return;
    }
}

}  // namespace draughts::harness
