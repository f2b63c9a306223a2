#pragma once
// Splits the byte stream of a DXP connection into messages. TCP delivers bytes, not messages: one
// read may hold half a message or several; a message ends at its NUL byte. A peer that sends more
// than 127 characters without a NUL breaks the protocol, and the stream cannot be resynchronised
// (where the next message starts is unknown), so the framer then reports an error for good.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "common/expected.hpp"

namespace draughts::protocol {

/// Accumulates received bytes and hands out whole messages (their text, without the NUL).
class DxpFramer {
  public:
    /// Adds bytes as they were received.
    void feed(std::string_view bytes) { buffer_.append(bytes); }

    /// The next complete message's text, nullopt when more bytes are needed, or an error: for an
    /// empty message (the stream stays in step), or once more than kDxpMaxMessageLength bytes
    /// came without a NUL (the stream is then broken and every later call repeats the error).
    std::optional<Expected<std::string>> next();

    /// Bytes received that do not yet form a whole message.
    std::size_t pending() const { return buffer_.size(); }
    /// True once the stream has been found broken.
    bool broken() const { return broken_.has_value(); }

  private:
    std::string buffer_;
    std::optional<std::string> broken_;  ///< the error, repeated by every later next()
};

}  // namespace draughts::protocol
