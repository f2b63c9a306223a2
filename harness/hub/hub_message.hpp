#pragma once
// The Hub line syntax lives in the engine library (engine/hub_message.hpp), because both ends of
// the protocol use it: the engine's `draughts hub` front end and the harness's Hub client. These
// declarations keep the harness's names.

#include "engine/hub_message.hpp"

namespace draughts::harness {

using engine::format_hub_message;
using engine::HubField;
using engine::HubMessage;
using engine::is_sendable_hub_value;
using engine::parse_hub_message;

}  // namespace draughts::harness
