#pragma once
// A fast reader of the "moves" array of a games.jsonl line: most of a line's bytes, with a fixed
// shape (objects of a move text, numbers, and a principal variation of move texts) that a plain
// scanner reads several times faster than a JSON parser. Anything it does not expect (an escape
// in a string, a nested object, a malformed number) makes it give up, and the caller parses the
// line with the JSON library instead, so it never decides what a line means on its own.

#include <optional>
#include <string_view>
#include <vector>

#include "report/match_game.hpp"

namespace draughts::report {

/// Reads the array that starts at text[open] ('['); returns the index just past its ']', or
/// nullopt when the text is not of the expected shape.
std::optional<std::size_t> scan_move_array(std::string_view text, std::size_t open,
                                           std::vector<RecordedMove>& moves);

}  // namespace draughts::report
