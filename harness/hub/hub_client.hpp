#pragma once
// The harness side of the Hub protocol (version 2) over a child process: handshake, parameters,
// searches with deadlines, a ping watchdog, stop, and quit. Every wait has a timeout, and any
// failure that leaves the engine in an unknown state ends the process (killed and reaped), so the
// next start() begins afresh.
//
// Engines are treated as docs/protocols.md says (Hub, "Real engines"):
// `pos`, `level`, `go` are always sent in that order; nothing but `ping` and `stop` is sent
// between `go` and the search's end (any other line would abort the search, and no `done` would
// come: send() asserts it, see protocol::hub_allowed_during_search); stdin stays open until
// `done`; `error` is fatal for the game; a book move may come back at once without depth.

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/search_types.hpp"
#include "harness/player/engine_transcript.hpp"
#include "protocol/hub/hub_commands.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"
#include "system/process/process.hpp"

namespace draughts::harness {

/// Why a Hub engine could not do what was asked.
enum class HubFailureKind : unsigned char {
    Spawn,        ///< the program could not be started
    Timeout,      ///< no answer in time (deadline, watchdog, handshake phase)
    Crash,        ///< the process ended
    Disconnect,   ///< it closed its output (or input) but kept running
    Malformed,    ///< an answer that cannot be used (`done` without a move, runaway line)
    EngineError,  ///< the engine sent `error`, or rejected the configuration
};

/// A failure and a message for logs and game records.
struct HubFailure {
    HubFailureKind kind = HubFailureKind::Crash;
    std::string message;
};

/// "spawn", "timeout", "crash", "disconnect", "malformed" or "engine_error".
std::string_view hub_failure_name(HubFailureKind kind);

/// Timeouts of every phase. Defaults suit real engines; tests shorten them.
struct HubTimeouts {
    std::chrono::milliseconds handshake{10'000};     ///< `hub` -> `wait`
    std::chrono::milliseconds init{60'000};          ///< `init` -> `ready` (may load data)
    std::chrono::milliseconds ping{10'000};          ///< `ping` -> `pong`
    std::chrono::milliseconds ping_interval{5'000};  ///< between pings in searches without clock
    std::chrono::milliseconds stop_grace{2'000};     ///< `stop` -> `done`, then kill
    std::chrono::milliseconds write{5'000};          ///< the engine must accept each line
    std::chrono::milliseconds exit_wait{1'000};      ///< after end of output, to see a crash
    std::chrono::milliseconds quit_grace{1'000};     ///< `quit` -> exit (then SIGTERM, SIGKILL)
};

/// Sees every protocol line: `outgoing` true for lines sent to the engine.
using HubTrace = std::function<void(bool outgoing, std::string_view line)>;
/// Receives notes for the engine log (the first lines the engine sent that were ignored).
using HubNote = std::function<void(std::string_view text)>;

/// How to run one Hub engine.
struct HubClientOptions {
    ProcessOptions process;
    /// Sent as `set-param` between `wait` and `init`; each must be declared by the engine.
    std::vector<std::pair<std::string, std::string>> parameters;
    /// The variant to play, empty for international (nothing is sent). Otherwise the engine must
    /// declare a `variant` parameter (Scan's `param name=variant ... type=enum`), and gets
    /// `set-param name=variant value=<variant>` before the parameters above.
    std::string variant;
    HubTimeouts timeouts;
    HubTrace trace;
    HubNote note;
};

/// One search: the root and the moves played from it (since the last irreversible move) as a
/// `pos` message of the variant played (protocol::hub_pos_message), and the limits.
struct HubSearchRequest {
    protocol::HubMessage pos;
    engine::SearchLimits limits;
    /// When `stop` is sent; the search then fails with Timeout (the referee's deadline: the
    /// clock, or the move cap under node and depth limits). Searches without a clock are also
    /// guarded by the ping watchdog, which finds a hung engine sooner.
    Deadline deadline = kNoDeadline;
};

/// Outcome of a search: the engine's move text and its last `info`, or a failure (which may
/// still carry a move that came too late).
struct HubSearchResult {
    std::optional<HubFailure> failure;
    std::string move;        ///< `done move=`, in Hub notation as the engine wrote it
    std::string ponder;      ///< `done ponder=`, if any
    protocol::HubInfo info;  ///< the last `info` line
    int info_lines = 0;
    bool stopped = false;  ///< `stop` was sent (deadline or request_stop())
};

/// A Hub engine process; see the top of this file. One thread drives it; request_stop() may be
/// called from any thread.
class HubClient {
  public:
    explicit HubClient(HubClientOptions options);
    HubClient(const HubClient&) = delete;
    HubClient& operator=(const HubClient&) = delete;
    /// Quits the engine (quit(), bounded by the quit grace).
    ~HubClient();

    /// Starts the engine (ending a previous process first) and runs the handshake:
    /// `hub` -> id/param... `wait`, `set-param` for each configured parameter, `init` -> `ready`.
    std::optional<HubFailure> start();
    /// True while an engine process is up and usable.
    bool running() const { return process_ != nullptr; }

    const protocol::HubIdentity& identity() const { return identity_; }
    const std::vector<protocol::HubParameter>& parameters() const { return declared_; }
    /// The engine process's id, or -1.
    pid_t pid() const { return process_ ? process_->pid() : -1; }
    /// How the last engine process ended, once it has.
    std::optional<ExitStatus> last_exit() const { return last_exit_; }
    /// What the current (or last) engine process said: for the messages of its failures.
    const EngineTranscript& transcript() const { return *transcript_; }

    /// `new-game`, then a `ping` that must be answered (the engine is alive and listening).
    std::optional<HubFailure> new_game();

    // New parameter values between games (tuning by games). The protocol takes `set-param` only
    // between `wait` and `init`; these are the three ways round it.
    /// Replaces the program's arguments and the parameters sent by the next start().
    void configure(std::vector<std::string> argv,
                   std::vector<std::pair<std::string, std::string>> parameters);
    /// Runs the handshake again on the running process (`hub` ... `wait`, `set-param` for every
    /// configured parameter, `init` -> `ready`), for engines that accept a second handshake.
    std::optional<HubFailure> handshake_again();
    /// Sends `set-param` for `changed` to the running, idle, initialised engine, then a `ping`
    /// that must be answered without an `error` (engines that take parameters after `init`).
    std::optional<HubFailure> set_parameters_now(
        const std::vector<std::pair<std::string, std::string>>& changed);
    /// `pos`, `level`, `go think`, then waits for `done`; see HubSearchRequest.
    HubSearchResult search(const HubSearchRequest& request);
    /// Sends `stop` to a search in progress (its `done` is then returned normally). Thread-safe;
    /// no effect when no search runs.
    void request_stop();
    /// `quit`, close stdin, and end the process within the quit grace. Idempotent.
    void quit();

  private:
    struct SearchState;

    std::optional<HubFailure> handshake();
    /// `set-param` for each of `parameters`, each of which must be declared.
    std::optional<HubFailure> send_parameters(
        const std::vector<std::pair<std::string, std::string>>& parameters);
    /// `set-param name=variant` when options_.variant is set; fails when it is not declared.
    std::optional<HubFailure> send_variant();
    std::optional<HubFailure> send(const protocol::HubMessage& message);
    std::optional<HubFailure> send_line(const std::string& line);
    /// Reads lines until one with `command` arrives; `other` may take the other lines (true:
    /// taken), the rest are ignored and go to the transcript as lines where `expected` was
    /// awaited (`error` fails).
    std::optional<HubFailure> expect(
        std::string_view command, std::string_view after, std::chrono::milliseconds timeout,
        std::string_view expected,
        const std::function<bool(const protocol::HubMessage&)>& other = {});
    /// A line read from the engine: traced and kept in the transcript.
    void received(const std::string& line);
    /// A line nobody asked for: kept in the transcript, and the first few noted in the log.
    void ignore(const std::string& line, std::string_view expected);
    /// After end of output: the process's fate as a failure (crash or disconnect).
    HubFailure lost_engine(std::string_view while_doing);
    /// Kills and reaps the process (when the protocol state is unknown) and returns `failure`.
    HubFailure end_process(HubFailure failure);
    void handle_search_line(const std::string& line, SearchState& state, HubSearchResult& result);
    void handle_search_timeout(SearchState& state, HubSearchResult& result);

    HubClientOptions options_;
    std::unique_ptr<Process> process_;
    mutable std::mutex process_mutex_;  ///< guards process_ against request_stop()
    std::atomic<bool> searching_{false};
    bool go_sent_ = false;  ///< between `go` and the end of its search (driving thread only)
    std::atomic<bool> stop_requested_{false};
    protocol::HubIdentity identity_;
    std::vector<protocol::HubParameter> declared_;
    std::optional<ExitStatus> last_exit_;
    std::shared_ptr<EngineTranscript> transcript_ = std::make_shared<EngineTranscript>();
};

}  // namespace draughts::harness
