#pragma once
// A connected TCP socket with deadlines on the monotonic clock: connect, send everything, receive
// what has arrived. Every socket is opened with CLOEXEC (children started by other threads never
// inherit it) and non-blocking; writes use MSG_NOSIGNAL, so a peer that went away makes a send
// report Closed instead of raising SIGPIPE.

#include <cstdint>
#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "common/unique_fd.hpp"
#include "system/process/deadline.hpp"

namespace draughts::harness {

/// Result of sending bytes.
enum class SendStatus : unsigned char {
    Ok,
    Timeout,  ///< the peer did not take the bytes in time (part of them may have gone)
    Closed,   ///< the connection is closed or reset
};

/// Result of waiting for bytes.
struct ReceiveResult {
    enum class Status : unsigned char {
        Data,         ///< `data` holds the bytes that arrived (at least one)
        Timeout,      ///< the deadline passed first
        Closed,       ///< the peer closed the connection (or it was reset: see `error`)
        Interrupted,  ///< interrupt() was called
    };
    Status status = Status::Closed;
    std::string data;
    std::string error;  ///< for Closed: the socket error, empty after an orderly close
};

/// An open TCP connection; see the top of this file. Move-only; closed by the destructor.
class TcpConnection {
  public:
    /// Connects to `host` (a name or a numeric address) on `port` by `deadline`. Errors name the
    /// address and the reason (refused, unreachable, timeout); `refused` is set when nobody
    /// listens there yet, so that callers may try again.
    static Expected<TcpConnection> connect(const std::string& host, std::uint16_t port,
                                           Deadline deadline, bool* refused = nullptr);

    /// Takes ownership of a connected, non-blocking socket (from TcpListener::accept).
    explicit TcpConnection(UniqueFd socket);
    TcpConnection(TcpConnection&&) noexcept = default;
    TcpConnection& operator=(TcpConnection&&) noexcept = default;

    bool is_open() const { return socket_.valid(); }
    int fd() const { return socket_.get(); }
    /// "address:port" of the other end ("?" when unknown).
    std::string peer() const;

    /// Sends all of `bytes`, waiting at most until `deadline` for room in the socket.
    SendStatus send_all(std::string_view bytes, Deadline deadline);
    /// Waits until some bytes arrive, the deadline passes, the peer closes, or interrupt().
    ReceiveResult receive(Deadline deadline);

    /// Makes a receive in progress (or the next one) return Interrupted. Thread-safe.
    void interrupt();
    /// Forgets a pending interrupt().
    void clear_interrupt();

    /// Closes the connection (the peer sees end of stream). Idempotent.
    void close();

  private:
    UniqueFd socket_;
    UniqueFd wake_;  ///< eventfd behind interrupt()
};

}  // namespace draughts::harness
