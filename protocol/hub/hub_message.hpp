#pragma once
// The Hub protocol's line syntax (version 2), without any I/O: `command name=value flag ...`.
// A value containing a space, '=' or '"', or an empty value, is double-quoted; there is no
// escaping inside quotes, so a value cannot contain '"' or a newline. Shared by both ends of the
// protocol: the engine's Hub front end (hub_session.hpp) and the harness's Hub client.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"

namespace draughts::protocol {

/// One field of a Hub message: `name=value`, or a bare flag `name` (no value).
struct HubField {
    std::string name;
    std::optional<std::string> value;

    friend bool operator==(const HubField&, const HubField&) = default;
};

/// One Hub line: a command word and its fields in order.
struct HubMessage {
    std::string command;
    std::vector<HubField> fields;

    /// The value of the first field called `name` that has one.
    std::optional<std::string_view> value(std::string_view name) const;
    /// True when a field called `name` is present (as a flag or with a value).
    bool has(std::string_view name) const;

    HubMessage& add(std::string name, std::string value);
    HubMessage& add_flag(std::string name);

    friend bool operator==(const HubMessage&, const HubMessage&) = default;
};

/// Parses one line. Errors quote the line and give the column (from 1) of the problem.
Expected<HubMessage> parse_hub_message(std::string_view line);

/// True when `value` can be sent: no '"' and no line break.
bool is_sendable_hub_value(std::string_view value);

/// The line for a message, quoting values where needed. Values must be sendable.
std::string format_hub_message(const HubMessage& message);

}  // namespace draughts::protocol
