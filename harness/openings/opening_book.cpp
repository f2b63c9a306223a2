#include "harness/openings/opening_book.hpp"

#include <fstream>
#include <set>
#include <sstream>
#include <tuple>
#include <utility>

#include "harness/openings/fen_book.hpp"
#include "rules/movegen.hpp"
#include "rules/pdn.hpp"

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
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(path.string() + ": cannot open opening book");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return make_error(path.string() + ": read error");
    return text.str();
}

bool has_legal_move(const rules::Position& position) {
    rules::MoveList moves;
    rules::generate_moves(position, moves);
    return !moves.empty();
}

Expected<OpeningBook> non_empty(OpeningBook book, std::string_view source) {
    if (!book.empty()) return book;
    const BookStats& s = book.stats();
    return make_error(std::string(source) + ": no openings (" + std::to_string(s.skipped) +
                      " games too short, " + std::to_string(s.invalid) + " invalid)");
}

}  // namespace

std::vector<Opening> drop_duplicate_positions(std::vector<Opening> openings,
                                              std::size_t& duplicates) {
    using Key = std::tuple<rules::Bitboard, rules::Bitboard, rules::Bitboard, int>;
    std::set<Key> seen;
    std::vector<Opening> kept;
    kept.reserve(openings.size());
    duplicates = 0;
    for (Opening& opening : openings) {
        const rules::Position& p = opening.position;
        const Key key{p.white(), p.black(), p.kings(), static_cast<int>(p.side_to_move())};
        if (seen.insert(key).second) {
            kept.push_back(std::move(opening));
        } else {
            ++duplicates;
        }
    }
    return kept;
}

OpeningBook OpeningBook::from_openings(std::vector<Opening> openings) {
    OpeningBook book;
    book.stats_.entries = openings.size();
    book.openings_ = drop_duplicate_positions(std::move(openings), book.stats_.duplicates);
    return book;
}

Expected<OpeningBook> OpeningBook::from_fen_text(std::string_view text, std::string_view source) {
    auto openings = read_fen_book(text, source);
    if (!openings) return openings.error();
    return non_empty(from_openings(std::move(*openings)), source);
}

Expected<OpeningBook> OpeningBook::from_pdn_text(std::string_view text, std::string_view source,
                                                 int plies, bool skip_invalid_games) {
    if (plies < 0) return make_error(std::string(source) + ": negative ply count");
    rules::PdnReadResult read = rules::read_pdn(text, source);
    if (!read.errors.empty() && !skip_invalid_games) {
        // By default a game that does not replay makes the book suspect as a whole.
        return make_error(read.errors.front().message + " (" + std::to_string(read.errors.size()) +
                          " invalid games in the opening book)");
    }
    std::vector<Opening> openings;
    std::size_t skipped = 0;
    const auto wanted = static_cast<std::size_t>(plies);
    for (const rules::PdnGame& game : read.games) {
        if (game.moves.size() < wanted) {
            ++skipped;
            continue;
        }
        std::vector<rules::Move> moves(game.moves.begin(),
                                       game.moves.begin() + static_cast<std::ptrdiff_t>(wanted));
        Opening opening = opening_after(game.start, std::move(moves),
                                        game.source + ":" + std::to_string(game.first_line));
        if (!has_legal_move(opening.position)) {
            ++skipped;
            continue;
        }
        openings.push_back(std::move(opening));
    }
    OpeningBook book = from_openings(std::move(openings));
    book.stats_.skipped = skipped;
    book.stats_.invalid = read.errors.size();
    if (!read.errors.empty()) book.stats_.first_invalid = read.errors.front().message;
    return non_empty(std::move(book), source);
}

Expected<OpeningBook> OpeningBook::load(const std::filesystem::path& path,
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

}  // namespace draughts::harness
