#pragma once
// FEN opening books: plain text, one opening a line.
//
//   # comment (a '#' starts a comment anywhere on a line; blank lines are ignored)
//   FEN
//   FEN ; MOVES
//   FEN ; MOVES ; ROOT
//
// FEN is the position games start from. MOVES (optional) are the plies that lead to it, in PDN
// notation separated by spaces, played from ROOT, which is the initial position unless the third
// field gives another FEN. The reader replays MOVES and checks that they are legal and reach FEN,
// so a book cannot claim a history its positions do not have. Files published elsewhere (one bare
// FEN a line) are books of this format.

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "harness/openings/opening.hpp"

namespace draughts::harness {

// Defined for the variants of rules/variant_list.hpp; the international book by default.

/// Reads every opening of a FEN book of variant V, in file order (duplicates kept). The first bad
/// line (e.g. a 10x10 FEN in an 8x8 book) fails the whole book with "SOURCE:LINE: what is wrong".
template <typename V = rules::International>
Expected<std::vector<BasicOpening<V>>> read_fen_book(std::string_view text,
                                                     std::string_view source);

/// The book line of an opening: "FEN", "FEN ; MOVES" or "FEN ; MOVES ; ROOT" (ROOT only when it
/// is not the initial position).
template <typename V>
std::string fen_book_line(const BasicOpening<V>& opening);

/// Writes a book: each header line as a "# " comment, then one line per opening, followed by
/// "  # comment" when `comments` (empty, or one per opening) has a non-empty one for it.
template <typename V>
void write_fen_book(std::ostream& out, const std::vector<std::string>& header,
                    const std::vector<BasicOpening<V>>& openings,
                    const std::vector<std::string>& comments = {});

}  // namespace draughts::harness
