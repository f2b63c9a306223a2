#pragma once
// A listening TCP socket: bound to one local address (127.0.0.1 unless told otherwise, so an
// engine is never exposed to the network by accident) on a given port or a free one the system
// picks, and accepting one connection at a time with a deadline.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "common/expected.hpp"
#include "common/unique_fd.hpp"
#include "system/net/tcp_connection.hpp"
#include "system/process/deadline.hpp"

namespace draughts::harness {

/// Called while waiting for a connection; returns a reason to stop waiting (e.g. the engine that
/// should connect has died), or nullopt to go on.
using GiveUpCheck = std::function<std::optional<std::string>()>;

/// Called for each accepted connection; returns why it is refused (it is then closed, and the
/// listener waits for the next), or nullopt to take it.
using RefuseCheck = std::function<std::optional<std::string>(const TcpConnection&)>;

/// A listening socket; move-only, closed by the destructor.
class TcpListener {
  public:
    /// Listens on `address` (numeric, e.g. "127.0.0.1" or "::1") and `port` (0: a free port).
    /// Errors name the address and the reason (in use, not a local address, ...).
    static Expected<TcpListener> listen(const std::string& address, std::uint16_t port);

    /// The port actually bound (the chosen one when 0 was asked for).
    std::uint16_t port() const { return port_; }
    const std::string& address() const { return address_; }
    int fd() const { return socket_.get(); }

    /// Waits for a connection until `deadline`. `give_up` is asked every few milliseconds;
    /// `refuse` judges each connection. Errors say whether the deadline passed or why waiting
    /// stopped, and name the connections refused meanwhile.
    Expected<TcpConnection> accept(Deadline deadline, const GiveUpCheck& give_up = {},
                                   const RefuseCheck& refuse = {});

    /// Stops listening. Idempotent.
    void close() { socket_.reset(); }

  private:
    TcpListener(UniqueFd socket, std::string address, std::uint16_t port)
        : socket_(std::move(socket)), address_(std::move(address)), port_(port) {}

    UniqueFd socket_;
    std::string address_;
    std::uint16_t port_ = 0;
};

/// A port that was free a moment ago on `address` (bound and released at once), for engines that
/// must be told in advance where to listen. Another program may take it in between.
Expected<std::uint16_t> find_free_port(const std::string& address);

}  // namespace draughts::harness
