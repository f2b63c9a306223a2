#include "harness/hub/hub_client.hpp"

#include <algorithm>
#include <cassert>

#include "common/text.hpp"
#include "protocol/hub/hub_parameter_check.hpp"

namespace draughts::harness {

std::string_view hub_failure_name(HubFailureKind kind) {
    switch (kind) {
        case HubFailureKind::Spawn:
            return "spawn";
        case HubFailureKind::Timeout:
            return "timeout";
        case HubFailureKind::Crash:
            return "crash";
        case HubFailureKind::Disconnect:
            return "disconnect";
        case HubFailureKind::Malformed:
            return "malformed";
        case HubFailureKind::EngineError:
            return "engine_error";
    }
    return "unknown";
}

/// Timers of one search; kNoDeadline where a timer is off.
struct HubClient::SearchState {
    Deadline deadline = kNoDeadline;       ///< send `stop` then
    Deadline stop_deadline = kNoDeadline;  ///< after `stop`: `done` must come by then
    Deadline next_ping = kNoDeadline;      ///< watchdog: send `ping` then
    Deadline pong_due = kNoDeadline;       ///< watchdog: `pong` must come by then
    bool watchdog = false;  ///< no clock, only nodes or depth: ping the engine now and then
    bool deadline_passed = false;
    bool done = false;
};

HubClient::HubClient(HubClientOptions options) : options_(std::move(options)) {}

HubClient::~HubClient() { quit(); }

std::optional<HubFailure> HubClient::start() {
    quit();
    identity_ = {};
    declared_.clear();
    last_exit_.reset();
    transcript_->clear();
    ProcessOptions process_options = options_.process;
    process_options.stderr_sink =
        stderr_with_transcript(std::move(process_options.stderr_sink), transcript_);
    auto process = Process::spawn(std::move(process_options));
    if (!process) return HubFailure{HubFailureKind::Spawn, process.error().message};
    {
        const std::lock_guard lock(process_mutex_);
        process_ = std::move(process).value();
    }
    return handshake();
}

std::optional<HubFailure> HubClient::handshake() {
    if (auto failure = send(protocol::HubMessage{"hub", {}})) return failure;
    auto failure = expect("wait", "`hub`", options_.timeouts.handshake, "`id`, `param` or `wait`",
                          [&](const protocol::HubMessage& m) {
                              if (m.command == "id") identity_ = protocol::hub_identity_from(m);
                              if (m.command == "param")
                                  declared_.push_back(protocol::hub_parameter_from(m));
                              return m.command == "id" || m.command == "param";
                          });
    if (failure) return failure;
    if (auto f = send_variant()) return f;
    if (auto f = send_parameters(options_.parameters)) return f;
    if (auto f = send(protocol::HubMessage{"init", {}})) return f;
    return expect("ready", "`init`", options_.timeouts.init, "`ready`");
}

void HubClient::configure(std::vector<std::string> argv,
                          std::vector<std::pair<std::string, std::string>> parameters) {
    options_.process.argv = std::move(argv);
    options_.parameters = std::move(parameters);
}

std::optional<HubFailure> HubClient::handshake_again() {
    if (!process_) return HubFailure{HubFailureKind::Crash, "the engine is not running"};
    identity_ = {};
    declared_.clear();
    return handshake();
}

std::optional<HubFailure> HubClient::set_parameters_now(
    const std::vector<std::pair<std::string, std::string>>& changed) {
    if (!process_) return HubFailure{HubFailureKind::Crash, "the engine is not running"};
    if (auto failure = send_parameters(changed)) return failure;
    if (auto failure = send(protocol::HubMessage{"ping", {}})) return failure;
    return expect("pong", "`set-param`", options_.timeouts.ping, "`pong`");
}

std::optional<HubFailure> HubClient::send_parameters(
    const std::vector<std::pair<std::string, std::string>>& parameters) {
    for (const auto& parameter : parameters) {
        // Named references, not a structured binding: clang 14 (the fuzz build) cannot capture
        // structured bindings in lambdas.
        const std::string& name = parameter.first;
        const std::string& value = parameter.second;
        const auto declared =
            std::find_if(declared_.begin(), declared_.end(),
                         [&](const protocol::HubParameter& p) { return p.name == name; });
        if (declared == declared_.end()) {
            std::string known;
            for (const protocol::HubParameter& p : declared_)
                known += (known.empty() ? "" : ", ") + p.name;
            return end_process({HubFailureKind::EngineError,
                                "the engine declares no parameter '" + name +
                                    "' (it declares: " + (known.empty() ? "none" : known) + ")"});
        }
        // A value outside the declaration would be clamped, ignored or worse by the engine:
        // refused before `init`, naming what the engine declared.
        if (const auto problem = protocol::hub_value_problem(*declared, value))
            return end_process(
                {HubFailureKind::EngineError, "parameter '" + name + "': " + *problem});
        if (!protocol::is_sendable_hub_value(name) || !protocol::is_sendable_hub_value(value)) {
            return end_process({HubFailureKind::EngineError,
                                "parameter '" + name + "': a Hub value cannot contain '\"'"});
        }
        if (auto f =
                send(protocol::HubMessage{"set-param", {}}.add("name", name).add("value", value))) {
            return f;
        }
    }
    return std::nullopt;
}

std::optional<HubFailure> HubClient::send_variant() {
    if (options_.variant.empty()) return std::nullopt;
    const auto declared =
        std::find_if(declared_.begin(), declared_.end(),
                     [](const protocol::HubParameter& p) { return p.name == "variant"; });
    if (declared == declared_.end()) {
        return end_process({HubFailureKind::EngineError,
                            "the engine declares no 'variant' parameter, so it cannot play " +
                                options_.variant +
                                " (a Hub engine that plays other variants declares "
                                "`param name=variant ... type=enum`)"});
    }
    if (const auto problem = protocol::hub_value_problem(*declared, options_.variant))
        return end_process({HubFailureKind::EngineError, "the engine cannot play " +
                                                             options_.variant + ": parameter " +
                                                             "'variant': " + *problem});
    return send(protocol::HubMessage{"set-param", {}}
                    .add("name", "variant")
                    .add("value", options_.variant));
}

std::optional<HubFailure> HubClient::new_game() {
    if (!process_) return HubFailure{HubFailureKind::Crash, "the engine is not running"};
    stop_requested_ = false;  // a stop belongs to the game it was requested in
    if (auto failure = send(protocol::HubMessage{"new-game", {}})) return failure;
    if (auto failure = send(protocol::HubMessage{"ping", {}})) return failure;
    return expect("pong", "`ping`", options_.timeouts.ping, "`pong`");
}

HubSearchResult HubClient::search(const HubSearchRequest& request) {
    HubSearchResult result;
    if (!process_) {
        result.failure = HubFailure{HubFailureKind::Crash, "the engine is not running"};
        return result;
    }
    searching_ = true;
    const protocol::HubMessage level = protocol::hub_level_message(request.limits);
    result.failure = send(request.pos);
    if (!result.failure && !level.fields.empty()) result.failure = send(level);
    if (!result.failure) result.failure = send(protocol::HubMessage{"go", {}}.add_flag("think"));
    go_sent_ = !result.failure;

    SearchState state;
    // A stop requested before the search began (the game was stopped in the moment between the
    // referee's last check and `go`) is kept, not lost: it is sent at once.
    if (!result.failure && stop_requested_) {
        result.stopped = true;
        state.stop_deadline = deadline_after(options_.timeouts.stop_grace);
        result.failure = send(protocol::HubMessage{"stop", {}});
    }
    state.deadline = request.deadline;
    // Without a clock a search may be long (the move cap is minutes): pings tell a hung engine
    // from a slow one long before the deadline.
    if (!request.limits.time_left && !request.limits.move_time) {
        state.watchdog = true;
        state.next_ping = deadline_after(options_.timeouts.ping_interval);
    }
    while (!result.failure && !state.done) {
        const Deadline wake = std::min({result.stopped ? kNoDeadline : state.deadline,
                                        state.stop_deadline, state.next_ping, state.pong_due});
        LineRead read = process_->read_line(wake);
        switch (read.status) {
            case LineRead::Status::Line:
                handle_search_line(read.line, state, result);
                break;
            case LineRead::Status::Timeout:
                handle_search_timeout(state, result);
                break;
            case LineRead::Status::Interrupted:
                if (stop_requested_ && !result.stopped) {
                    result.stopped = true;
                    state.stop_deadline = deadline_after(options_.timeouts.stop_grace);
                    result.failure = send(protocol::HubMessage{"stop", {}});
                }
                break;
            case LineRead::Status::Closed:
                result.failure = lost_engine("searching");
                break;
            case LineRead::Status::TooLong:
                result.failure =
                    end_process({HubFailureKind::Malformed,
                                 "the engine wrote a line longer than " +
                                     std::to_string(Process::kMaxLineBytes) + " bytes"});
                break;
        }
    }
    if (!result.failure && state.deadline_passed) {
        result.failure = HubFailure{
            HubFailureKind::Timeout,
            "no move by the deadline; `done move=" + result.move + "` came only after `stop`"};
    }
    go_sent_ = false;
    {
        const std::lock_guard lock(process_mutex_);
        searching_ = false;
        stop_requested_ = false;
        if (process_) process_->clear_interrupt();
    }
    return result;
}

void HubClient::received(const std::string& line) {
    if (options_.trace) options_.trace(false, line);
    transcript_->output_line(line);
}

void HubClient::ignore(const std::string& line, std::string_view expected) {
    if (transcript_->ignored(line, expected) && options_.note)
        options_.note("ignored from the engine: " + EngineTranscript::quote(line) + "; expected " +
                      std::string(expected));
}

void HubClient::handle_search_line(const std::string& line, SearchState& state,
                                   HubSearchResult& result) {
    received(line);
    const auto message = protocol::parse_hub_message(line);
    // Unreadable lines and unknown commands are ignored, as the protocol asks, but kept: they
    // explain a search that never ends (`bestmove` instead of `done`).
    if (!message) return ignore(line, "`done move=...`");
    if (message->command == "info") {
        result.info = protocol::hub_info_from(*message);
        ++result.info_lines;
    } else if (message->command == "done") {
        const auto move = message->value("move");
        if (!move || move->empty()) {
            result.failure =
                HubFailure{HubFailureKind::Malformed, "`done` without a move: " + line};
            return;
        }
        result.move = std::string(*move);
        result.ponder = std::string(message->value("ponder").value_or(""));
        state.done = true;
    } else if (message->command == "pong") {
        state.pong_due = kNoDeadline;
        if (state.watchdog && state.next_ping == kNoDeadline) {
            state.next_ping = deadline_after(options_.timeouts.ping_interval);
        }
    } else if (message->command == "error") {
        // The engine may still be searching an old position: only a restart is safe.
        result.failure = end_process({HubFailureKind::EngineError,
                                      "the engine reported an error: " +
                                          std::string(message->value("message").value_or(line))});
    } else {
        ignore(line, "`done move=...`");
    }
}

void HubClient::handle_search_timeout(SearchState& state, HubSearchResult& result) {
    const auto now = SteadyClock::now();
    const auto& timeouts = options_.timeouts;
    if (now >= state.stop_deadline) {
        result.failure = end_process(
            {HubFailureKind::Timeout,
             std::string(state.deadline_passed ? "no move by the deadline" : "stop requested") +
                 ", and no `done` within " + seconds_text(timeouts.stop_grace) + " of `stop`"});
    } else if (now >= state.pong_due) {
        result.failure = end_process(
            {HubFailureKind::Timeout,
             "no `pong` within " + seconds_text(timeouts.ping) + " of `ping`: the engine hangs"});
    } else if (!result.stopped && now >= state.deadline) {
        result.stopped = true;
        state.deadline_passed = true;
        state.stop_deadline = deadline_after(timeouts.stop_grace);
        result.failure = send(protocol::HubMessage{"stop", {}});
    } else if (now >= state.next_ping) {
        state.next_ping = kNoDeadline;
        state.pong_due = deadline_after(timeouts.ping);
        result.failure = send(protocol::HubMessage{"ping", {}});
    }
}

void HubClient::request_stop() {
    const std::lock_guard lock(process_mutex_);
    if (!process_) return;
    stop_requested_ = true;
    // Not searching yet: the search sends `stop` as it starts (an interrupt now would cut a
    // handshake's read short instead).
    if (!searching_) return;
    process_->interrupt();
}

void HubClient::quit() {
    std::unique_ptr<Process> process;
    {
        const std::lock_guard lock(process_mutex_);
        process = std::move(process_);
    }
    if (!process) return;
    if (options_.trace) options_.trace(true, "quit");
    process->write_line("quit", deadline_after(options_.timeouts.write));
    last_exit_ = process->shutdown(options_.timeouts.quit_grace);
}

std::optional<HubFailure> HubClient::send(const protocol::HubMessage& message) {
    // Every line sent during a search passes here: one that is not allowed there would make a
    // real engine drop its search without a `done`.
    assert(!go_sent_ || protocol::hub_allowed_during_search(message.command));
    return send_line(protocol::format_hub_message(message));
}

std::optional<HubFailure> HubClient::send_line(const std::string& line) {
    if (options_.trace) options_.trace(true, line);
    switch (process_->write_line(line, deadline_after(options_.timeouts.write))) {
        case WriteStatus::Ok:
            return std::nullopt;
        case WriteStatus::Timeout:
            return end_process(
                {HubFailureKind::Timeout,
                 "the engine did not read its input for " + seconds_text(options_.timeouts.write)});
        case WriteStatus::Closed:
            break;
    }
    return lost_engine("reading `" + line + "`");
}

std::optional<HubFailure> HubClient::expect(
    std::string_view command, std::string_view after, std::chrono::milliseconds timeout,
    std::string_view expected, const std::function<bool(const protocol::HubMessage&)>& other) {
    const Deadline deadline = deadline_after(timeout);
    for (;;) {
        const LineRead read = process_->read_line(deadline);
        switch (read.status) {
            case LineRead::Status::Line: {
                received(read.line);
                const auto message = protocol::parse_hub_message(read.line);
                if (!message) {
                    ignore(read.line, expected);
                    continue;
                }
                if (message->command == command) return std::nullopt;
                if (message->command == "error") {
                    return end_process(
                        {HubFailureKind::EngineError,
                         "the engine reported an error after " + std::string(after) + ": " +
                             std::string(message->value("message").value_or(read.line))});
                }
                if (!other || !other(*message)) ignore(read.line, expected);
                continue;
            }
            case LineRead::Status::Interrupted:
                continue;
            case LineRead::Status::Timeout:
                return end_process({HubFailureKind::Timeout,
                                    "no `" + std::string(command) + "` within " +
                                        seconds_text(timeout) + " of " + std::string(after)});
            case LineRead::Status::Closed:
                return lost_engine("waiting for `" + std::string(command) + "`");
            case LineRead::Status::TooLong:
                return end_process({HubFailureKind::Malformed,
                                    "the engine wrote a line longer than " +
                                        std::to_string(Process::kMaxLineBytes) + " bytes"});
        }
    }
}

HubFailure HubClient::lost_engine(std::string_view while_doing) {
    if (const auto status = process_->wait_for_exit(deadline_after(options_.timeouts.exit_wait))) {
        const std::lock_guard lock(process_mutex_);
        last_exit_ = status;
        process_.reset();
        return {HubFailureKind::Crash,
                "the engine " + status->describe() + " while " + std::string(while_doing)};
    }
    return end_process(
        {HubFailureKind::Disconnect,
         "the engine closed its pipes while " + std::string(while_doing) + " but kept running"});
}

HubFailure HubClient::end_process(HubFailure failure) {
    const std::lock_guard lock(process_mutex_);
    if (process_) {
        last_exit_ = process_->kill();
        process_.reset();
    }
    return failure;
}

}  // namespace draughts::harness
