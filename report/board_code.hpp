#pragma once
// A position as the report draws it, on any board: the board's size and one character per
// playable square, 1 to size * size / 2 (the variant's numbering: 1-50 on 100 squares, 1-32 on
// 64). The characters are the game viewer's (assets/viewer.js, boardCode): '.' empty, 'w' and 'W'
// a White man and king, 'b' and 'B' Black's. The diagrams (board_diagram.hpp) and the viewer
// thus draw a Brazilian or Russian game on its own 8x8 board.

#include <optional>
#include <string>
#include <string_view>

#include "rules/position.hpp"
#include "rules/variant.hpp"

namespace draughts::report {

/// See the top of the file.
struct BoardCode {
    int size = 10;        ///< squares per side: 10 or 8
    std::string squares;  ///< one character per playable square, square 1 first

    friend bool operator==(const BoardCode&, const BoardCode&) = default;
};

/// The code of a position of variant V.
template <typename V>
BoardCode board_code(const rules::BasicPosition<V>& position);

/// The position of `fen` under `variant`; nullopt when the text is not one.
std::optional<BoardCode> board_of_fen(rules::Variant variant, std::string_view fen);

/// The variant's initial position.
BoardCode initial_board(rules::Variant variant);

/// The variant a games.jsonl line names ("variant", absent for international games); nullopt
/// for a name this program does not know.
std::optional<rules::Variant> line_variant(std::string_view name);

}  // namespace draughts::report
