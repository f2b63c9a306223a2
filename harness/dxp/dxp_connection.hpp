#pragma once
// A DXP conversation over one TCP connection: whole messages in and out, each checked by the
// codec, each shown to an optional trace (for the engine log). Used by both ends: the harness's
// DxpPlayer and, as its DxpTransport, the engine's own `draughts dxp` (protocol/dxp/
// dxp_engine_session.hpp).

#include <functional>
#include <string>
#include <string_view>

#include "protocol/dxp/dxp_framer.hpp"
#include "protocol/dxp/dxp_message.hpp"
#include "protocol/dxp/dxp_transport.hpp"
#include "system/net/tcp_connection.hpp"

namespace draughts::harness {

/// Sees every message: `outgoing` true for messages sent; the text is without its NUL.
using DxpTrace = std::function<void(bool outgoing, std::string_view text)>;

/// Result of sending one message (the transport's type).
using DxpSendResult = protocol::DxpSendResult;
/// Result of waiting for one message (the transport's type).
using DxpReceived = protocol::DxpReceived;

/// One DXP connection; see the top of this file. Move-only.
class DxpConnection final : public protocol::DxpTransport {
  public:
    explicit DxpConnection(TcpConnection socket, DxpTrace trace = {});

    bool is_open() const { return socket_.is_open(); }
    std::string peer() const { return socket_.peer(); }

    /// Formats and sends a message (with its NUL).
    DxpSendResult send(const protocol::DxpMessage& message, Deadline deadline) override;
    /// The next message, waiting until `deadline` for more bytes when none is complete yet.
    /// A malformed message is reported as Malformed and skipped; after an overlong one the
    /// stream is broken and every later call reports Malformed.
    DxpReceived receive(Deadline deadline) override;

    /// Makes a receive in progress (or the next one) return Interrupted. Thread-safe.
    void interrupt() { socket_.interrupt(); }
    void clear_interrupt() { socket_.clear_interrupt(); }
    /// Closes the connection. Idempotent.
    void close() override { socket_.close(); }

    /// The socket itself, for tests and mock engines that must send raw bytes.
    TcpConnection& socket() { return socket_; }

  private:
    TcpConnection socket_;
    DxpTrace trace_;
    protocol::DxpFramer framer_;
};

}  // namespace draughts::harness
