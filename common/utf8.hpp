#pragma once
// UTF-8 validity of configuration text. YAML files are UTF-8 (YAML 1.2, 5.2), and the values
// read from them end up in UTF-8 outputs (games.jsonl, PDN tags, resolved config.yaml), so a
// value that is not valid UTF-8 is reported where it was read instead of being passed on.

#include <string_view>

namespace draughts {

/// True when `text` is well-formed UTF-8: no stray continuation bytes, no truncated or overlong
/// sequences, no surrogates (U+D800..U+DFFF) and nothing above U+10FFFF.
bool is_valid_utf8(std::string_view text);

}  // namespace draughts
