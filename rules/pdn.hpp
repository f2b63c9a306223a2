#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::rules {

/// One `[Name "value"]` pair of a PDN game.
struct PdnTag {
    std::string name;
    std::string value;
};

/// A game of variant V read from a PDN file and replayed: every move in it is legal.
template <typename V>
struct BasicPdnGame {
    std::string source;  ///< file name (or other label) the game came from
    int first_line = 0;  ///< line where the game starts, 1-based
    std::vector<PdnTag> tags;
    BasicPosition<V> start;             ///< from the FEN tag, or the initial position
    std::vector<BasicMove<V>> moves;    ///< one per ply
    std::vector<std::string> comments;  ///< comment after each ply (empty when none)
    std::string result = "*";           ///< 2-0, 0-2, 1-1 or * (other forms normalised)

    /// Value of a tag, or an empty string.
    std::string tag(std::string_view name) const;
    /// Position after all moves.
    BasicPosition<V> final_position() const;
};
using PdnGame = BasicPdnGame<International>;

/// Everything read from one PDN text: the valid games and, per invalid game, an error naming the
/// source, line and reason. One bad game does not stop the others from loading. Warnings name
/// games that were read but may not be what they claim: a Result tag that disagrees with the
/// result at the end of the moves (the latter counts), a GameType other than V's (20 for
/// international, 26 Brazilian, 25 Russian).
template <typename V>
struct BasicPdnReadResult {
    std::vector<BasicPdnGame<V>> games;
    std::vector<Error> errors;
    std::vector<Error> warnings;
};
using PdnReadResult = BasicPdnReadResult<International>;

/// Normalises a result token (`2-0`, `1-0`, `0-2`, `0-1`, `1-1`, `1/2-1/2`, `0-0`, `*`) to the
/// international form ("2-0" White wins); empty when the token is not a result. `2-0` and `0-2`
/// always score White first (the FMJD's tokens); `1-0` and `0-1` score the game's first player
/// first, so in a game Black starts (English draughts, pool checkers) `1-0` is Black's win, as
/// checkers programs write it (pdn_result_token).
std::string normalise_result(std::string_view token, Color first = Color::White);

/// Reads games of variant V: tag pairs, movetext with move numbers, `{}` and `;` comments, `()`
/// variations (skipped), `$n` annotations, comment marks (`!`, `?`, `*`, `+`, `=`), all result
/// forms, CRLF. Moves name squares by number, or on 64 squares also algebraically (`c3-d4`).
/// The text is UTF-8, with or without a byte-order mark, or else Latin-1 (see text_as_utf8);
/// tags come out in UTF-8. A tag, comment or variation that is never closed spoils its own game
/// only: reading goes on at the next line. Defined for the variants of rules/variant.hpp.
template <typename V = International>
BasicPdnReadResult<V> read_pdn(std::string_view text, std::string_view source);

/// Reads a PDN file; fails only when the file cannot be read (or is a directory).
template <typename V = International>
Expected<BasicPdnReadResult<V>> read_pdn_file(const std::filesystem::path& path);

}  // namespace draughts::rules
