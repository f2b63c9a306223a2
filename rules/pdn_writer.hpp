#pragma once
// Writes PDN: the pieces every PDN writer shares (tag lines, movetext wrapping) and a game read
// by rules::read_pdn written back with its own tags, so that reading what was written gives the
// same game (tags, start, moves, comments, result). The harness writes its game records with the
// same pieces (harness/game/pdn_writer.hpp).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "rules/color.hpp"
#include "rules/pdn.hpp"

namespace draughts::rules {

/// A tag value made safe for PDN: quotes escaped as \", line breaks turned into spaces and
/// backslashes into '/' (the reader treats a backslash before a quote as an escape).
std::string pdn_tag_value(std::string_view value);

/// Appends the tag line `[Name "value"]` and its newline.
void append_pdn_tag(std::string& out, std::string_view name, std::string_view value);

/// The move-number token before ply `ply` (0 = the first of the movetext) of a game whose start
/// position has `to_move` to move, in a variant whose first player is `first`: "n." before each
/// move of the first player ("1. 32-28 19-23", or "1. 12-16 22-17" in the checkers games Black
/// starts), "n..." before the first move when the other player makes it, empty otherwise.
std::string move_number_token(std::size_t ply, Color to_move, Color first);

/// The result token of a game read as `result` (the international form of normalise_result) in
/// the PDN of a variant whose first player is `first` (pdn_result_token).
std::string result_token(std::string_view result, Color first);

/// Movetext tokens (move numbers, moves, comments, the result) joined into lines shorter than
/// `line_width` characters where the tokens allow, each token kept whole; ends with a newline.
std::string wrap_movetext(const std::vector<std::string>& tokens, int line_width);

/// A game as PDN: its tags in their order, with Result set to the game's result and, when they
/// are missing, GameType (other variants than international) and SetUp and FEN (a game that does
/// not start from the initial position) added; then the numbered movetext in PDN notation with
/// each ply's comment, the result and an empty line. A `}` inside a comment is written as `)`,
/// since nothing can escape it. Defined for the variants of rules/variant.hpp.
template <typename V>
std::string write_pdn(const BasicPdnGame<V>& game, int line_width = 79);

}  // namespace draughts::rules
