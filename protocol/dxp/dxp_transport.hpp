#pragma once
// What the DXP engine session needs from a connection: whole messages out and in, each with a
// deadline, and a way to hang up. The harness implements it over TCP (harness/dxp/
// dxp_connection.hpp); tests implement it in memory.

#include <chrono>
#include <string>

#include "protocol/dxp/dxp_message.hpp"

namespace draughts::protocol {

/// A point on the monotonic clock by which a send or a receive must be done.
using DxpDeadline = std::chrono::steady_clock::time_point;
/// The deadline that never comes: wait without limit.
inline constexpr DxpDeadline kDxpNoDeadline = DxpDeadline::max();

/// Result of sending one message.
struct DxpSendResult {
    enum class Status : unsigned char {
        Ok,
        Invalid,  ///< the message cannot be written (a field out of range); nothing was sent
        Timeout,  ///< the peer did not take it in time
        Closed,   ///< the connection is closed
    };
    Status status = Status::Ok;
    std::string error;

    bool ok() const { return status == Status::Ok; }
};

/// Result of waiting for one message.
struct DxpReceived {
    enum class Status : unsigned char {
        Message,      ///< `message` is valid
        Timeout,      ///< the deadline passed first
        Closed,       ///< the peer closed the connection (`error` says how, if not orderly)
        Malformed,    ///< `error` says what is wrong with `text` (or with the stream)
        Interrupted,  ///< the wait was interrupted from another thread
    };
    Status status = Status::Closed;
    DxpMessage message;
    std::string text;  ///< the message text as received
    std::string error;
};

/// A DXP conversation with one peer, message by message.
class DxpTransport {
  public:
    virtual ~DxpTransport() = default;

    /// Sends a message, giving up at `deadline`.
    virtual DxpSendResult send(const DxpMessage& message, DxpDeadline deadline) = 0;
    /// The next message, waiting until `deadline` for one.
    virtual DxpReceived receive(DxpDeadline deadline) = 0;
    /// Hangs up. Idempotent.
    virtual void close() = 0;

  protected:
    DxpTransport() = default;
    DxpTransport(const DxpTransport&) = default;
    DxpTransport(DxpTransport&&) = default;
    DxpTransport& operator=(const DxpTransport&) = default;
    DxpTransport& operator=(DxpTransport&&) = default;
};

}  // namespace draughts::protocol
