// Fuzz entry points for the harness's readers: the DXP message codec and stream framer, and the
// YAML match configuration. See fuzz_entries.hpp.

#include <optional>
#include <string>
#include <vector>

#include "harness/config/match_config.hpp"
#include "protocol/dxp/dxp_framer.hpp"
#include "protocol/dxp/dxp_message.hpp"
#include "tests/fuzz/fuzz_entries.hpp"

namespace draughts::fuzz {

namespace {

/// What a framer hands out, in order: message texts, and errors as "error: " + message.
std::vector<std::string> frame_all(std::string_view bytes, std::size_t chunk) {
    protocol::DxpFramer framer;
    std::vector<std::string> out;
    for (std::size_t at = 0; at < bytes.size(); at += chunk) {
        framer.feed(bytes.substr(at, chunk));
        while (const auto next = framer.next()) {
            out.push_back(*next ? **next : "error: " + next->error().message);
            if (framer.broken()) return out;
        }
    }
    return out;
}

}  // namespace

Finding dxp_message(std::string_view input) {
    const auto message = protocol::parse_dxp_message(input);
    const auto framed = protocol::parse_dxp_frame(std::string(input) + '\0');
    if (message.has_value() != framed.has_value())
        return "parse_dxp_frame and parse_dxp_message disagree";
    if (!message) return message.error().message.empty() ? "empty DXP error message" : "";
    if (!(*framed == *message)) return "parse_dxp_frame reads another message";
    const auto written = protocol::format_dxp_message(*message);
    if (!written) return "a parsed DXP message cannot be written: " + written.error().message;
    if (written->empty() || written->size() > protocol::kDxpMaxMessageLength)
        return "written DXP message has " + std::to_string(written->size()) + " characters";
    const auto again = protocol::parse_dxp_message(*written);
    if (!again)
        return "written DXP message '" + *written + "' is rejected: " + again.error().message;
    if (!(*again == *message)) return "written DXP message '" + *written + "' reads differently";
    if (protocol::dxp_log_text(*message) != *written) return "DXP log text differs from the text";
    return {};
}

Finding dxp_framer(std::string_view input) {
    // However TCP splits the stream, the framer must hand out the same messages and errors.
    const std::vector<std::string> whole = frame_all(input, input.size() + 1);
    for (const std::string& text : whole) {
        if (text.rfind("error: ", 0) == 0) continue;
        if (text.empty() || text.size() > protocol::kDxpMaxMessageLength ||
            text.find('\0') != std::string::npos)
            return "framer handed out a message of " + std::to_string(text.size()) + " bytes";
    }
    for (const std::size_t chunk :
         {std::size_t{1}, std::size_t{2}, std::size_t{7}, std::size_t{128}})
        if (frame_all(input, chunk) != whole)
            return "framer output depends on the chunk size (" + std::to_string(chunk) + ")";
    return {};
}

Finding match_config(std::string_view input) {
    const auto config = harness::parse_match_config(input, "fuzz.yaml", "/", {});
    if (!config) {
        if (config.error().message.find("fuzz.yaml") == std::string::npos)
            return "configuration error without the file name: " + config.error().message;
        return {};
    }
    // The resolved configuration reads back the same (see harness::to_yaml).
    const std::string resolved = harness::to_yaml(*config);
    const auto again = harness::parse_match_config(resolved, "resolved.yaml", "/", {});
    if (!again) return "resolved configuration is rejected: " + again.error().message;
    if (!(*again == *config)) return "resolved configuration reads back differently:\n" + resolved;
    return {};
}

}  // namespace draughts::fuzz
