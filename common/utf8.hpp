#pragma once
// UTF-8 validity of configuration text. YAML files are UTF-8 (YAML 1.2, 5.2), and the values
// read from them end up in UTF-8 outputs (games.jsonl, PDN tags, resolved config.yaml), so a
// value that is not valid UTF-8 is reported where it was read instead of being passed on.
// Game files (PDN) come from many programs and years: text_as_utf8 gives them one encoding.

#include <string>
#include <string_view>

namespace draughts {

/// True when `text` is well-formed UTF-8: no stray continuation bytes, no truncated or overlong
/// sequences, no surrogates (U+D800..U+DFFF) and nothing above U+10FFFF.
bool is_valid_utf8(std::string_view text);

/// The text of a file in UTF-8, whatever of the two encodings met in the wild it is in: a
/// leading UTF-8 byte-order mark is dropped; text that is then valid UTF-8 is kept as it is;
/// anything else is read as Latin-1 (ISO 8859-1, one byte per character, as older Windows and
/// DOS draughts programs wrote names such as "Sij\xe9") and converted to UTF-8.
std::string text_as_utf8(std::string_view bytes);

}  // namespace draughts
