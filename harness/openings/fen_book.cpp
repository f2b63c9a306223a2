#include "harness/openings/fen_book.hpp"

#include <algorithm>
#include <cstddef>
#include <utility>

#include "common/text.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

namespace {

/// Replays the MOVES field from `root`; the error names the ply that fails.
template <typename V>
Expected<std::vector<rules::BasicMove<V>>> replay(const rules::BasicPosition<V>& root,
                                                  std::string_view text) {
    std::vector<rules::BasicMove<V>> moves;
    rules::BasicPosition<V> position = root;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = std::min(text.find_first_of(" \t", start), text.size());
        const std::string_view token = text.substr(start, end - start);
        start = end + 1;
        if (token.empty()) continue;
        auto move = rules::parse_move(position, token);
        if (!move) {
            return make_error("ply " + std::to_string(moves.size() + 1) + ": " +
                              move.error().message);
        }
        position = position.after(*move);
        moves.push_back(*move);
    }
    return moves;
}

/// One non-empty, comment-free line: FEN [; MOVES [; ROOT]].
template <typename V>
Expected<BasicOpening<V>> parse_fen_line(std::string_view content) {
    std::vector<std::string_view> fields = split(content, ';');
    for (std::string_view& field : fields) field = trim(field);
    if (fields.size() > 3) {
        return make_error("too many ';'-separated fields (at most FEN ; MOVES ; ROOT)");
    }
    const auto position = rules::parse_fen<V>(fields[0]);
    if (!position) return position.error();
    if (rules::count_moves(*position) == 0) {
        return make_error("FEN \"" + std::string(fields[0]) +
                          "\": the side to move has no legal move (the game is over)");
    }
    if (fields.size() == 1 || fields[1].empty()) {
        if (fields.size() == 3) return make_error("ROOT given without MOVES");
        return opening_at(*position);
    }
    rules::BasicPosition<V> root = rules::BasicPosition<V>::initial();
    if (fields.size() == 3) {
        const auto parsed_root = rules::parse_fen<V>(fields[2]);
        if (!parsed_root) return make_error("root " + parsed_root.error().message);
        root = *parsed_root;
    }
    auto moves = replay(root, fields[1]);
    if (!moves) return moves.error();
    BasicOpening<V> opening = opening_after(root, std::move(*moves));
    if (!(opening.position == *position)) {
        return make_error("the moves \"" + std::string(fields[1]) + "\" lead to " +
                          rules::to_fen(opening.position) + ", not to the FEN given");
    }
    return opening;
}

}  // namespace

template <typename V>
Expected<std::vector<BasicOpening<V>>> read_fen_book(std::string_view text,
                                                     std::string_view source) {
    std::vector<BasicOpening<V>> openings;
    int line_number = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++line_number;
        line = trim(line.substr(0, line.find('#')));
        if (line.empty()) continue;
        const std::string where = std::string(source) + ":" + std::to_string(line_number);
        auto opening = parse_fen_line<V>(line);
        if (!opening) return make_error(where + ": " + opening.error().message);
        opening->source = where;
        openings.push_back(std::move(*opening));
    }
    return openings;
}

template <typename V>
std::string fen_book_line(const BasicOpening<V>& opening) {
    std::string line = rules::to_fen(opening.position);
    if (opening.moves.empty()) return line;
    line += " ; " + opening_moves_text(opening);
    if (!(opening.root == rules::BasicPosition<V>::initial()))
        line += " ; " + rules::to_fen(opening.root);
    return line;
}

template <typename V>
void write_fen_book(std::ostream& out, const std::vector<std::string>& header,
                    const std::vector<BasicOpening<V>>& openings,
                    const std::vector<std::string>& comments) {
    for (const std::string& line : header) out << (line.empty() ? "#" : "# " + line) << '\n';
    for (std::size_t i = 0; i < openings.size(); ++i) {
        out << fen_book_line(openings[i]);
        if (i < comments.size() && !comments[i].empty()) out << "  # " << comments[i];
        out << '\n';
    }
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_FEN_BOOK(V)                                            \
    template Expected<std::vector<BasicOpening<rules::V>>> read_fen_book<rules::V>( \
        std::string_view, std::string_view);                                        \
    template std::string fen_book_line(const BasicOpening<rules::V>&);              \
    template void write_fen_book(std::ostream&, const std::vector<std::string>&,    \
                                 const std::vector<BasicOpening<rules::V>>&,        \
                                 const std::vector<std::string>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_FEN_BOOK)
#undef DRAUGHTS_INSTANTIATE_FEN_BOOK

}  // namespace draughts::harness
