#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "common/enum_names.hpp"
#include "common/expected.hpp"
#include "harness/openings/opening.hpp"

namespace draughts::harness {

/// How a book file is read: by its extension (".pdn" is PDN, anything else FEN), or forced.
enum class BookFormat { Auto, Fen, Pdn };

/// "auto", "fen" or "pdn" (for configuration files).
inline constexpr EnumNames<BookFormat, 3> kBookFormatNames{
    {{BookFormat::Auto, "auto"}, {BookFormat::Fen, "fen"}, {BookFormat::Pdn, "pdn"}}};

/// Options for loading a book file.
struct BookLoadOptions {
    BookFormat format = BookFormat::Auto;
    /// PDN books: each game gives the position after its first `pdn_plies` plies. Games with
    /// fewer plies, or that are over by then, are skipped (and counted) so that every opening of
    /// a PDN book has the same depth and a move to play.
    int pdn_plies = 6;
    /// PDN books: a game that does not replay (an illegal move anywhere in it) fails the load
    /// unless this is set; then it is skipped and counted, and the first error is kept.
    bool skip_invalid_games = false;
};

/// What loading a book found besides the openings it kept.
struct BookStats {
    std::size_t entries = 0;     ///< candidate openings read (FEN lines, or PDN games long enough)
    std::size_t duplicates = 0;  ///< dropped: same position (pieces and side to move) seen earlier
    std::size_t skipped = 0;     ///< PDN games too short or already over after the plies asked
    std::size_t invalid = 0;     ///< PDN games that do not replay (with skip_invalid_games)
    std::string first_invalid;   ///< the reader's message for the first of them
};

/// A list of distinct openings of variant V in book order, with the moves that led to each when
/// known. Loading drops later duplicates of a position; an empty book is an error. Defined for
/// the variants of rules/variant_list.hpp.
template <typename V>
class BasicOpeningBook {
  public:
    using Opening = BasicOpening<V>;

    /// Reads a FEN or PDN book file; errors name the file, line and problem.
    static Expected<BasicOpeningBook> load(const std::filesystem::path& path,
                                           const BookLoadOptions& options = {});
    /// A FEN book from text; `source` names it in errors ("source:line: ...").
    static Expected<BasicOpeningBook> from_fen_text(std::string_view text, std::string_view source);
    /// A PDN book from text: the position after the first `plies` plies of each game.
    static Expected<BasicOpeningBook> from_pdn_text(std::string_view text, std::string_view source,
                                                    int plies, bool skip_invalid_games = false);
    /// A book of the given openings in order, later duplicates dropped (may be empty).
    static BasicOpeningBook from_openings(std::vector<Opening> openings);

    std::size_t size() const { return openings_.size(); }
    bool empty() const { return openings_.empty(); }
    const Opening& operator[](std::size_t index) const { return openings_[index]; }
    const std::vector<Opening>& openings() const { return openings_; }
    const BookStats& stats() const { return stats_; }

  private:
    std::vector<Opening> openings_;
    BookStats stats_;
};

/// The openings in `openings` whose positions are distinct, first occurrence kept; `duplicates`
/// receives how many were dropped.
template <typename V>
std::vector<BasicOpening<V>> drop_duplicate_positions(std::vector<BasicOpening<V>> openings,
                                                      std::size_t& duplicates);

/// The book of international draughts.
using OpeningBook = BasicOpeningBook<rules::International>;

}  // namespace draughts::harness
