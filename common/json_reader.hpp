#pragma once
// Reads JSON text (games.jsonl lines, summary.json) back into Json values. Untrusted input: any
// text gives either a value or an error naming the source and the column, never a crash.

#include <string_view>

#include "common/expected.hpp"
#include "common/json_writer.hpp"

namespace draughts {

/// Parses one JSON value (RFC 8259) surrounded by optional white space. Integers that fit in 64
/// bits become integers, other numbers reals. Nesting deeper than 200 levels is rejected. Errors
/// read "SOURCE: column C: what is wrong".
Expected<Json> parse_json(std::string_view text, std::string_view source);

}  // namespace draughts
