#pragma once
// Base64 (RFC 4648, with padding): how the report embeds its compressed game data in the page.

#include <string>
#include <string_view>

namespace draughts::report {

/// The base64 text of `bytes`.
std::string base64_encode(std::string_view bytes);

}  // namespace draughts::report
