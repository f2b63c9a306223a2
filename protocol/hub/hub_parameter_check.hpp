#pragma once
// Whether a value may be sent with `set-param` for a parameter as the engine declared it (`param
// name=.. type=int|real|bool|enum|string [min=.. max=..] [values=".."]`): an int or real within
// min and max, a bool `true` or `false`, an enum one of its values. An engine told a value
// outside what it declared may clamp it, ignore it or fail in any way, so the harness refuses it
// before `init`, with a message that names the declared range. Pure functions: no I/O.

#include <optional>
#include <string>
#include <string_view>

#include "protocol/hub/hub_commands.hpp"

namespace draughts::protocol {

/// Why `value` does not fit `parameter`'s declaration ("99999 is above the declared maximum
/// 5000 (type=int min=1 max=5000)"); nullopt when it fits, or when the declaration says nothing
/// to check against (type string, an unknown type, no bounds).
std::optional<std::string> hub_value_problem(const HubParameter& parameter, std::string_view value);

/// The declaration as the engine sent it, without the name: "type=int min=1 max=5000".
std::string hub_declaration_text(const HubParameter& parameter);

}  // namespace draughts::protocol
