#pragma once
// A PDN game of any variant, as the Python module hands it out: what rules::read_pdn read (tags,
// start, moves, comments, result), with the variant chosen at run time. Written back with
// rules::write_pdn; replayed into a Board.

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "python/any_move.hpp"
#include "python/board.hpp"
#include "rules/pdn.hpp"

namespace draughts::python {

/// A game of a PDN file; see the top of the file.
struct PdnGame {
    rules::Variant variant = rules::Variant::International;
    std::string source;  ///< the file (or label) it came from
    int first_line = 0;  ///< 1-based line where it starts
    std::vector<std::pair<std::string, std::string>> tags;
    std::string start_fen;
    std::vector<AnyMove> moves;
    std::vector<std::string> comments;  ///< one per move, empty when none
    std::string result = "*";

    /// The game played on a board: its start, moves and the rules' result when they ended it.
    static PdnGame from_board(const Board& board);

    /// The board at the start, and after every move.
    std::unique_ptr<Board> start_board() const;
    std::unique_ptr<Board> final_board() const;
    /// The game as PDN text (rules::write_pdn).
    std::string to_pdn() const;
};

/// Everything read from a PDN text: valid games, and the errors and warnings of the others, in
/// the reader's words (as `draughts pdn` prints them).
struct PdnFile {
    std::vector<PdnGame> games;
    std::vector<std::string> errors;
    std::vector<std::string> warnings;
};

/// Reads PDN text of `variant`; `source` names it in messages.
PdnFile parse_pdn(std::string_view text, std::string_view source, rules::Variant variant);
/// Reads a PDN file of `variant`; throws FileError when it cannot be read.
PdnFile read_pdn(const std::filesystem::path& path, rules::Variant variant);

}  // namespace draughts::python
