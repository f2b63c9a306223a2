#include "protocol/dxp/dxp_framer.hpp"

#include "protocol/dxp/dxp_message.hpp"

namespace draughts::protocol {

std::optional<Expected<std::string>> DxpFramer::next() {
    if (broken_) return Expected<std::string>(make_error(*broken_));
    const std::size_t nul = buffer_.find('\0');
    const std::size_t length = nul == std::string::npos ? buffer_.size() : nul;
    if (length > kDxpMaxMessageLength) {
        // The first bytes past the limit, not `length`: how much arrived before the check ran
        // depends on how TCP split the stream, and the error must not.
        broken_ = "DXP stream: " + std::to_string(kDxpMaxMessageLength + 1) +
                  " bytes without a NUL terminator (a message has at most " +
                  std::to_string(kDxpMaxMessageLength) + " characters)";
        buffer_.clear();
        return Expected<std::string>(make_error(*broken_));
    }
    if (nul == std::string::npos) return std::nullopt;
    if (nul == 0) {
        buffer_.erase(0, 1);  // still in step: the next message starts after this NUL
        return Expected<std::string>(
            make_error("DXP stream: an empty message (a NUL byte without a header)"));
    }
    std::string message = buffer_.substr(0, nul);
    buffer_.erase(0, nul + 1);
    return Expected<std::string>(std::move(message));
}

}  // namespace draughts::protocol
