#pragma once
// What a match needs before its first game, loaded and checked without creating anything: the
// opening book (parsed, and the order its openings are played in), the built-in engines' weights,
// the adjudication and SPRT settings. `draughts match --check` runs it, and so does every run
// before it creates its results folder, so that a mistake never leaves a folder behind.

#include <optional>

#include "common/expected.hpp"
#include "harness/config/match_config.hpp"
#include "harness/openings/opening_book.hpp"
#include "harness/openings/opening_order.hpp"

namespace draughts::harness {

/// The opening book of a match and the order its openings are played in; both empty when every
/// game starts from the initial position.
struct MatchOpenings {
    std::optional<OpeningBook> book;  ///< international only (the tournament's own book)
    std::optional<OpeningOrder> order;
    std::size_t book_size = 0;  ///< openings in the book of any variant (check_match); 0: none
};

/// Loads the book of `config.openings` (international); errors name the file and what is wrong
/// with it.
Expected<MatchOpenings> load_match_openings(const MatchConfig& config);

/// The book of `config.openings` read as a book of variant V (FEN or PDN; a position of another
/// board is an error naming the file and line; the built-in books are international only), or
/// nullopt when there is none. Defined for the variants of rules/variant_list.hpp.
template <typename V>
Expected<std::optional<BasicOpeningBook<V>>> load_variant_book(const MatchConfig& config);

/// Loads and checks everything above for the configuration's variant; the first problem found.
/// (Engine programs are checked when the configuration is read.) The book returned is the
/// international one: off 10x10 the variant's book is checked, and none is returned.
Expected<MatchOpenings> check_match(const MatchConfig& config);

}  // namespace draughts::harness
