#pragma once
// zlib compression of the report's embedded game data (the zlib format, RFC 1950, which
// browsers inflate with DecompressionStream("deflate")).

#include <string>
#include <string_view>

#include "common/expected.hpp"

namespace draughts::report {

/// `bytes` compressed at zlib's default level.
Expected<std::string> deflate_bytes(std::string_view bytes);

}  // namespace draughts::report
