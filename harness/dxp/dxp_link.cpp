#include "harness/dxp/dxp_link.hpp"

#include <algorithm>
#include <thread>

#include "common/text.hpp"
#include "system/net/socket_owner.hpp"
#include "system/net/tcp_listener.hpp"

namespace draughts::harness {
namespace {

/// Pause between connection attempts while a started engine is not listening yet.
constexpr auto kConnectRetry = std::chrono::milliseconds(20);
/// Longest single connection attempt (the loop tries again until the connect timeout).
constexpr auto kConnectAttempt = std::chrono::milliseconds(1'000);

void replace_all(std::string& text, std::string_view key, const std::string& value) {
    for (std::size_t at = text.find(key); at != std::string::npos;
         at = text.find(key, at + value.size()))
        text.replace(at, key.size(), value);
}

}  // namespace

std::vector<std::string> substitute_endpoint(const std::vector<std::string>& argv,
                                             const std::string& host, std::uint16_t port) {
    std::vector<std::string> result = argv;
    for (std::string& argument : result) {
        replace_all(argument, "{port}", std::to_string(port));
        replace_all(argument, "{host}", host);
    }
    return result;
}

DxpLink::DxpLink(DxpLinkOptions options) : options_(std::move(options)) {}

std::optional<PlayerFailure> DxpLink::start() {
    close();
    last_exit_.reset();
    transcript_->clear();
    if (options_.mode == DxpConnectMode::Listen) return listen_and_accept();
    return connect_to_engine();
}

std::optional<PlayerFailure> DxpLink::spawn(std::uint16_t port) {
    if (options_.process.argv.empty()) return std::nullopt;
    ProcessOptions process = options_.process;
    process.argv = substitute_endpoint(process.argv, options_.address, port);
    // DXP engines talk over the socket; their stdout is chatter for the log.
    process.stdout_to_stderr = true;
    process.stderr_sink = stderr_with_transcript(std::move(process.stderr_sink), transcript_);
    auto spawned = Process::spawn(std::move(process));
    if (!spawned) return PlayerFailure{FailureKind::Crash, spawned.error().message};
    process_ = std::move(spawned).value();
    return std::nullopt;
}

std::optional<std::string> DxpLink::process_gone() {
    if (!process_) return std::nullopt;
    const auto status = process_->poll_exit();
    if (!status) return std::nullopt;
    last_exit_ = status;
    process_.reset();
    return "the engine " + status->describe() + " before it connected";
}

void DxpLink::set_connection(TcpConnection socket) {
    auto connection = std::make_unique<DxpConnection>(std::move(socket), options_.trace);
    const std::lock_guard lock(connection_mutex_);
    connection_ = std::move(connection);
}

std::optional<PlayerFailure> DxpLink::listen_and_accept() {
    auto listener = TcpListener::listen(options_.address, options_.port);
    if (!listener) return PlayerFailure{FailureKind::Crash, listener.error().message};
    port_ = listener->port();
    if (auto failure = spawn(port_)) return failure;
    const auto refuse = [this](const TcpConnection& connection) -> std::optional<std::string> {
        if (!process_) return std::nullopt;  // run by someone else: anyone may be it
        auto reason = foreign_peer(connection.fd(), process_->pid());
        if (reason && options_.note) options_.note("refused a connection: " + *reason);
        return reason;
    };
    auto accepted = listener->accept(
        deadline_after(options_.timeouts.connect), [this] { return process_gone(); }, refuse);
    if (!accepted) {
        const bool gone = process_ == nullptr && !options_.process.argv.empty();
        std::string message = accepted.error().message;
        if (!gone)
            message = "the engine did not connect to " + options_.address + ":" +
                      std::to_string(port_) + " within " + seconds_text(options_.timeouts.connect);
        close();
        return PlayerFailure{gone ? FailureKind::Crash : FailureKind::Timeout, message};
    }
    set_connection(std::move(*accepted));
    return std::nullopt;
}

std::optional<PlayerFailure> DxpLink::connect_to_engine() {
    port_ = options_.port;
    if (port_ == 0) {
        if (options_.process.argv.empty())
            return PlayerFailure{
                FailureKind::Crash,
                "connecting to a DXP engine that is already running needs its port"};
        auto free = find_free_port(options_.address);
        if (!free) return PlayerFailure{FailureKind::Crash, free.error().message};
        port_ = *free;
    }
    if (auto failure = spawn(port_)) return failure;
    const Deadline deadline = deadline_after(options_.timeouts.connect);
    std::string last_error;
    for (;;) {
        bool refused = false;
        const Deadline attempt = std::min(deadline, deadline_after(kConnectAttempt));
        auto socket = TcpConnection::connect(options_.address, port_, attempt, &refused);
        if (socket) {
            set_connection(std::move(*socket));
            return std::nullopt;
        }
        last_error = socket.error().message;
        if (auto gone = process_gone()) {
            close();
            return PlayerFailure{FailureKind::Crash, *gone};
        }
        // Refused: a started engine may not listen yet. Anything else will not get better.
        if (!refused || expired(deadline)) break;
        std::this_thread::sleep_for(kConnectRetry);
    }
    close();
    return PlayerFailure{FailureKind::Timeout, "no connection to the engine within " +
                                                   seconds_text(options_.timeouts.connect) + ": " +
                                                   last_error};
}

void DxpLink::interrupt() {
    const std::lock_guard lock(connection_mutex_);
    if (connection_) connection_->interrupt();
}

std::optional<ExitStatus> DxpLink::wait_exit(std::chrono::milliseconds wait) {
    if (!process_) return last_exit_;
    if (auto status = process_->wait_for_exit(deadline_after(wait))) last_exit_ = status;
    return process_->exit_status();
}

void DxpLink::close() {
    std::unique_ptr<DxpConnection> connection;
    {
        const std::lock_guard lock(connection_mutex_);
        connection = std::move(connection_);
    }
    if (connection) connection->close();
    if (process_) {
        last_exit_ = process_->shutdown(options_.timeouts.quit_grace);
        process_.reset();
    }
}

}  // namespace draughts::harness
