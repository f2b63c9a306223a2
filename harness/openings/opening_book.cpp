#include "harness/openings/opening_book.hpp"

#include <set>
#include <tuple>
#include <utility>

#include "common/file_io.hpp"
#include "harness/openings/fen_book.hpp"
#include "rules/movegen.hpp"
#include "rules/pdn.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

namespace {

bool is_pdn_path(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    for (char& c : extension) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return extension == ".pdn";
}

Expected<std::string> read_text(const std::filesystem::path& path) {
    auto text = read_whole_file(path);
    if (!text) return make_error("opening book " + text.error().message);
    return text;
}

template <typename V>
Expected<BasicOpeningBook<V>> non_empty(BasicOpeningBook<V> book, std::string_view source) {
    if (!book.empty()) return book;
    const BookStats& s = book.stats();
    return make_error(std::string(source) + ": no openings (" + std::to_string(s.skipped) +
                      " games too short, " + std::to_string(s.invalid) + " invalid)");
}

}  // namespace

template <typename V>
std::vector<BasicOpening<V>> drop_duplicate_positions(std::vector<BasicOpening<V>> openings,
                                                      std::size_t& duplicates) {
    using Key = std::tuple<rules::Bitboard, rules::Bitboard, rules::Bitboard, int>;
    std::set<Key> seen;
    std::vector<BasicOpening<V>> kept;
    kept.reserve(openings.size());
    duplicates = 0;
    for (BasicOpening<V>& opening : openings) {
        const rules::BasicPosition<V>& p = opening.position;
        const Key key{p.white(), p.black(), p.kings(), static_cast<int>(p.side_to_move())};
        if (seen.insert(key).second) {
            kept.push_back(std::move(opening));
        } else {
            ++duplicates;
        }
    }
    return kept;
}

template <typename V>
BasicOpeningBook<V> BasicOpeningBook<V>::from_openings(std::vector<Opening> openings) {
    BasicOpeningBook book;
    book.stats_.entries = openings.size();
    book.openings_ = drop_duplicate_positions(std::move(openings), book.stats_.duplicates);
    return book;
}

template <typename V>
Expected<BasicOpeningBook<V>> BasicOpeningBook<V>::from_fen_text(std::string_view text,
                                                                 std::string_view source) {
    auto openings = read_fen_book<V>(text, source);
    if (!openings) return openings.error();
    return non_empty(from_openings(std::move(*openings)), source);
}

template <typename V>
Expected<BasicOpeningBook<V>> BasicOpeningBook<V>::from_pdn_text(std::string_view text,
                                                                 std::string_view source, int plies,
                                                                 bool skip_invalid_games) {
    if (plies < 0) return make_error(std::string(source) + ": negative ply count");
    rules::BasicPdnReadResult<V> read = rules::read_pdn<V>(text, source);
    if (!read.errors.empty() && !skip_invalid_games) {
        // By default a game that does not replay makes the book suspect as a whole.
        return make_error(read.errors.front().message + " (" + std::to_string(read.errors.size()) +
                          " invalid games in the opening book)");
    }
    std::vector<Opening> openings;
    std::size_t skipped = 0;
    const auto wanted = static_cast<std::size_t>(plies);
    for (const rules::BasicPdnGame<V>& game : read.games) {
        if (game.moves.size() < wanted) {
            ++skipped;
            continue;
        }
        std::vector<rules::BasicMove<V>> moves(
            game.moves.begin(), game.moves.begin() + static_cast<std::ptrdiff_t>(wanted));
        Opening opening = opening_after(game.start, std::move(moves),
                                        game.source + ":" + std::to_string(game.first_line));
        if (rules::count_moves(opening.position) == 0) {
            ++skipped;
            continue;
        }
        openings.push_back(std::move(opening));
    }
    BasicOpeningBook book = from_openings(std::move(openings));
    book.stats_.skipped = skipped;
    book.stats_.invalid = read.errors.size();
    if (!read.errors.empty()) book.stats_.first_invalid = read.errors.front().message;
    return non_empty(std::move(book), source);
}

template <typename V>
Expected<BasicOpeningBook<V>> BasicOpeningBook<V>::load(const std::filesystem::path& path,
                                                        const BookLoadOptions& options) {
    auto text = read_text(path);
    if (!text) return text.error();
    const bool pdn = options.format == BookFormat::Pdn ||
                     (options.format == BookFormat::Auto && is_pdn_path(path));
    if (pdn) {
        return from_pdn_text(*text, path.string(), options.pdn_plies, options.skip_invalid_games);
    }
    return from_fen_text(*text, path.string());
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_OPENING_BOOK(V)                               \
    template class BasicOpeningBook<rules::V>;                             \
    template std::vector<BasicOpening<rules::V>> drop_duplicate_positions( \
        std::vector<BasicOpening<rules::V>>, std::size_t&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_OPENING_BOOK)
#undef DRAUGHTS_INSTANTIATE_OPENING_BOOK

}  // namespace draughts::harness
