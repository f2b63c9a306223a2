#pragma once
// JSON for machine-readable output (`--json`, games.jsonl, summary.json) and for reading those
// files back: nlohmann::ordered_json, whose objects keep insertion order because key order is part
// of our output. Reading is untrusted input: parse_json never throws, and the field readers below
// check the type before they read, so a damaged or hostile file gives an error, never a crash.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "common/json_fwd.hpp"

namespace draughts {

/// Nesting deeper than this many arrays and objects is rejected by parse_json.
inline constexpr std::size_t kJsonMaxDepth = 200;

/// Parses one JSON value (RFC 8259) surrounded by optional white space. Integers that fit in 64
/// bits (signed, or unsigned when not negative) are integers, other numbers reals. Never throws;
/// errors read "SOURCE: line L, column C: what is wrong" (L and C count from 1, C in bytes).
Expected<Json> parse_json(std::string_view text, std::string_view source);

/// The text of `value`: compact on one line (indent < 0, for JSON lines and --json) or indented
/// by `indent` spaces. Non-finite numbers come out as null; bytes that are not UTF-8 (a path or a
/// PDN tag from a foreign file) come out as U+FFFD instead of throwing.
std::string dump_json(const Json& value, int indent = -1);

/// The value of `key` in `object`; nullptr when `object` is no object or lacks the key.
const Json* json_field(const Json& object, std::string_view key);

/// The string under `key`; nullptr when absent or not a string.
const std::string* string_field(const Json& object, std::string_view key);

/// The integer under `key` when it is one and fits in std::int64_t; nullopt otherwise.
std::optional<std::int64_t> int_field(const Json& object, std::string_view key);

/// The integer under `key` when it is one and is not negative; nullopt otherwise.
std::optional<std::uint64_t> unsigned_field(const Json& object, std::string_view key);

}  // namespace draughts
