#pragma once
// The way to a DXP engine: the process started for it (if any) and the TCP connection to it.
//
// Real DXP engines are servers or clients depending on the program, and some listen on every
// network interface when they are the server (docs/protocols.md, DXP). So the harness
// prefers to listen itself, on 127.0.0.1, and to start the engine with a command line that makes
// it connect there (Listen mode; `{port}` and `{host}` in the arguments are replaced by the
// listening port and address). For engines that can only listen, Connect mode starts the engine
// (told a free port through `{port}`) or uses one that already runs, and connects to it, trying
// again until it listens. Some engines keep running after the connection closes, so close()
// always ends the process it started (politely, then SIGTERM, then SIGKILL), and reaps it.
//
// Listening, the harness takes a connection only from the engine it started (the process or one
// of its descendants, system/net/socket_owner.hpp): any other program of the machine that
// connects first, a stray one or another match's engine, is refused and noted, and the harness
// waits on. An engine that someone else runs (no command) is taken from whoever connects.

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "common/enum_names.hpp"
#include "harness/dxp/dxp_connection.hpp"
#include "harness/player/engine_transcript.hpp"
#include "harness/player/player.hpp"
#include "system/process/process.hpp"

namespace draughts::harness {

/// Who opens the connection.
enum class DxpConnectMode : unsigned char {
    Listen,   ///< the harness listens and the engine connects to it
    Connect,  ///< the engine listens and the harness connects to it
};

/// "listen" or "connect" (the `connection` key of a dxp engine).
inline constexpr EnumNames<DxpConnectMode, 2> kDxpConnectModeNames{
    {{DxpConnectMode::Listen, "listen"}, {DxpConnectMode::Connect, "connect"}}};

/// Time limits of a DXP engine, by phase. Defaults suit real engines; tests shorten them.
struct DxpTimeouts {
    std::chrono::milliseconds connect{10'000};      ///< process start -> connection established
    std::chrono::milliseconds accept_game{10'000};  ///< R -> A
    std::chrono::milliseconds game_end{5'000};      ///< our E -> the engine's E
    std::chrono::milliseconds write{5'000};         ///< the engine must take each message
    /// Longest move when a request has no deadline (the referee always gives one: the clock, or
    /// the move cap under node and depth limits): DXP has no ping, so a hung engine is found
    /// only by a deadline.
    std::chrono::milliseconds untimed_move{120'000};
    std::chrono::milliseconds quit_grace{1'000};  ///< each wait of the shutdown (then signals)
};

/// How to reach one DXP engine.
struct DxpLinkOptions {
    DxpConnectMode mode = DxpConnectMode::Listen;
    /// Listen: the address to bind (127.0.0.1 unless told otherwise). Connect: the engine's host.
    std::string address = "127.0.0.1";
    /// Listen: the port to listen on (0: a free one). Connect: the engine's port (0: a free one,
    /// which the engine must be told through `{port}`).
    std::uint16_t port = 0;
    /// The engine's program and arguments; empty argv: nothing is started (the engine is run by
    /// someone else). `{port}` and `{host}` in arguments are replaced.
    ProcessOptions process;
    DxpTimeouts timeouts;
    DxpTrace trace;
    /// Told of each connection refused (Listen mode: not from the engine's process).
    std::function<void(const std::string&)> note;
};

/// A DXP engine's process and connection; see the top of this file. One thread drives it;
/// interrupt() may be called from any thread.
class DxpLink {
  public:
    explicit DxpLink(DxpLinkOptions options);
    DxpLink(const DxpLink&) = delete;
    DxpLink& operator=(const DxpLink&) = delete;
    ~DxpLink() { close(); }

    /// Starts the engine (ending a previous one first) and establishes the connection. Failures:
    /// Crash (could not start, or exited before connecting), Timeout (no connection in time).
    std::optional<PlayerFailure> start();
    bool connected() const { return connection_ != nullptr; }
    /// The connection; only while connected().
    DxpConnection& connection() { return *connection_; }
    const DxpLinkOptions& options() const { return options_; }

    /// The engine process's id, or -1 (none started, or ended).
    pid_t pid() const { return process_ ? process_->pid() : -1; }
    /// How the last engine process ended, once it has.
    std::optional<ExitStatus> last_exit() const { return last_exit_; }
    /// The port of the last connection (the listening port in Listen mode).
    std::uint16_t port() const { return port_; }
    /// What the current (or last) engine said: its messages (kept by the player) and what it
    /// wrote on stdout and stderr; for the messages of its failures.
    EngineTranscript& transcript() { return *transcript_; }

    /// Makes a receive in progress on the connection return Interrupted. Thread-safe.
    void interrupt();
    /// After the engine closed the connection: waits up to `wait` for its process to end and
    /// returns how it ended (nullopt: still running, or no process).
    std::optional<ExitStatus> wait_exit(std::chrono::milliseconds wait);
    /// Closes the connection and ends the process (see the top of this file). Idempotent.
    void close();

  private:
    std::optional<PlayerFailure> spawn(std::uint16_t port);
    std::optional<PlayerFailure> listen_and_accept();
    std::optional<PlayerFailure> connect_to_engine();
    /// A reason to stop waiting when the process has ended.
    std::optional<std::string> process_gone();
    void set_connection(TcpConnection socket);

    DxpLinkOptions options_;
    std::unique_ptr<Process> process_;
    std::unique_ptr<DxpConnection> connection_;
    std::mutex connection_mutex_;  ///< guards connection_ against interrupt()
    std::optional<ExitStatus> last_exit_;
    std::uint16_t port_ = 0;
    std::shared_ptr<EngineTranscript> transcript_ = std::make_shared<EngineTranscript>("messages");
};

/// `argv` with every `{port}` and `{host}` replaced.
std::vector<std::string> substitute_endpoint(const std::vector<std::string>& argv,
                                             const std::string& host, std::uint16_t port);

}  // namespace draughts::harness
