#include "rules/move_notation.hpp"

#include <algorithm>
#include <charconv>
#include <vector>

#include "rules/capture_route.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {

namespace {

std::string join_squares(const std::vector<Square>& squares, char separator) {
    std::string out;
    for (std::size_t i = 0; i < squares.size(); ++i) {
        if (i > 0) out += separator;
        out += std::to_string(squares[i]);
    }
    return out;
}

/// A move text split into its square numbers and separator.
struct MoveText {
    std::vector<Square> squares;
    char separator = '-';
};

/// Reads one square name at text[i..]: a number, or on the 64-square board also an algebraic
/// name (a1-h8, a1 = square 29). Sets `end` past it; an error text when it is not a square.
template <typename B>
Expected<Square> read_square(std::string_view text, std::size_t i, std::size_t& end) {
    if constexpr (B::kSize == 8) {
        const char file = static_cast<char>(text[i] | 0x20);
        if (file >= 'a' && file <= 'h') {
            if (i + 1 >= text.size() || text[i + 1] < '1' || text[i + 1] > '8')
                return make_error("expected a square such as c3");
            end = i + 2;
            const Square square = B::square_at('8' - text[i + 1], file - 'a');
            if (square == 0)
                return make_error(std::string(text.substr(i, 2)) + " is a light square");
            return square;
        }
    }
    if (text[i] < '0' || text[i] > '9') return make_error("expected a square number");
    end = i;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
    if (end - i > 2) return make_error("square number too long");
    int square = 0;
    std::from_chars(text.data() + i, text.data() + end, square);
    if (!B::is_valid_square(square))
        return make_error("square " + std::to_string(square) + " is not between 1 and " +
                          std::to_string(B::kNumSquares));
    return square;
}

template <typename B>
Expected<MoveText> split_move_text(std::string_view text) {
    const auto fail = [&](const std::string& what) {
        return make_error("move \"" + std::string(text) + "\": " + what);
    };
    MoveText out;
    bool separator_seen = false;
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t end = i;
        const auto square = read_square<B>(text, i, end);
        if (!square) return fail(square.error().message);
        out.squares.push_back(*square);
        i = end;
        if (i == text.size()) break;
        const char sep = text[i];
        if (sep != '-' && sep != 'x' && sep != 'X' && sep != ':')
            return fail(std::string("unexpected character '") + sep + "'");
        const char normalised = sep == '-' ? '-' : 'x';
        if (separator_seen && normalised != out.separator)
            return fail("mixes '-' and 'x' separators");
        out.separator = normalised;
        separator_seen = true;
        ++i;
        if (i == text.size()) return fail("ends with a separator");
    }
    if (out.squares.size() < 2) return fail("needs at least an origin and a destination");
    if (out.separator == '-' && out.squares.size() != 2)
        return fail("a quiet move has exactly two squares");
    return out;
}

template <typename B>
Bitboard squares_to_bitboard(const std::vector<Square>& squares, std::size_t first) {
    Bitboard b = 0;
    for (std::size_t i = first; i < squares.size(); ++i) b |= B::square_bit(squares[i]);
    return b;
}

/// Does `text` (already split) denote `move` in short, long or Hub form? A text with '-' also
/// matches a capture with the same ends, because some files write captures that way.
template <typename V>
bool matches(const BasicPosition<V>& position, const BasicMove<V>& move, const MoveText& text) {
    const std::vector<Square>& sq = text.squares;
    if (sq.front() != move.from()) return false;
    if (sq.size() == 2) return sq.back() == move.to();
    if (text.separator == '-' || !move.is_capture()) return false;
    const auto count = static_cast<std::size_t>(move.capture_count());
    // Hub form: origin, destination, then every captured square (distinct, so the sets match).
    if (sq.size() == count + 2 && sq[1] == move.to() &&
        squares_to_bitboard<typename V::Board>(sq, 2) == move.captured())
        return true;
    // Long PDN form: origin, then every landing square.
    if (sq.size() == count + 1 && sq.back() == move.to()) {
        const std::vector<Square> landings(sq.begin() + 1, sq.end());
        for (const CaptureRoute& route : capture_routes(position, move))
            if (route == landings) return true;
    }
    return false;
}

/// Does `text` list the origin, some of the landing squares in order, and the destination of a
/// route of `move`? Game files sometimes abbreviate a long capture that way (`2x30x17` for
/// 2x30x39x17), naming just enough landing squares to tell two captures apart.
template <typename V>
bool matches_partial_route(const BasicPosition<V>& position, const BasicMove<V>& move,
                           const MoveText& text) {
    const std::vector<Square>& sq = text.squares;
    if (text.separator != 'x' || !move.is_capture() || sq.size() < 3) return false;
    if (sq.front() != move.from() || sq.back() != move.to()) return false;
    for (const CaptureRoute& route : capture_routes(position, move)) {
        // The intermediate squares, in order, among the landings before the destination.
        const auto last = route.end() - 1;
        auto next = route.begin();
        bool all_found = true;
        for (std::size_t i = 1; i + 1 < sq.size() && all_found; ++i) {
            next = std::find(next, last, sq[i]);
            all_found = next != last;
            if (all_found) ++next;
        }
        if (all_found) return true;
    }
    return false;
}

}  // namespace

template <typename V>
std::string to_short_notation(const BasicMove<V>& move) {
    return std::to_string(move.from()) + (move.is_capture() ? 'x' : '-') +
           std::to_string(move.to());
}

template <typename V>
std::string to_long_notation(const BasicPosition<V>& position, const BasicMove<V>& move) {
    if (!move.is_capture()) return to_short_notation(move);
    const std::vector<CaptureRoute> routes = capture_routes(position, move);
    if (routes.empty()) return to_short_notation(move);
    std::vector<Square> squares{move.from()};
    squares.insert(squares.end(), routes.front().begin(), routes.front().end());
    return join_squares(squares, 'x');
}

template <typename V>
std::string to_pdn_notation(const BasicPosition<V>& position, const BasicMove<V>& move) {
    BasicMoveList<V> moves;
    generate_moves(position, moves);
    const auto same_short = [&](const BasicMove<V>& other) {
        return other.from() == move.from() && other.to() == move.to();
    };
    const auto sharing = std::count_if(moves.begin(), moves.end(), same_short);
    return sharing > 1 ? to_long_notation(position, move) : to_short_notation(move);
}

template <typename V>
std::string to_hub_notation(const BasicMove<V>& move) {
    if (!move.is_capture()) return to_short_notation(move);
    std::vector<Square> squares{move.from(), move.to()};
    for_each_square_on<typename V::Board>(move.captured(), [&](Square s) { squares.push_back(s); });
    return join_squares(squares, 'x');
}

template <typename V>
Expected<BasicMove<V>> parse_move(const BasicPosition<V>& position, std::string_view text) {
    const auto split = split_move_text<typename V::Board>(text);
    if (!split) return split.error();
    BasicMoveList<V> moves;
    generate_moves(position, moves);
    std::vector<BasicMove<V>> found;
    for (const BasicMove<V>& move : moves)
        if (matches(position, move, *split)) found.push_back(move);
    if (found.empty()) {
        for (const BasicMove<V>& move : moves)
            if (matches_partial_route(position, move, *split)) found.push_back(move);
    }
    // "a-b" names a capture only in sloppy files; a capture written "axb" is never quiet.
    if (split->separator == 'x')
        std::erase_if(found, [](const BasicMove<V>& m) { return !m.is_capture(); });
    if (found.size() == 1) return found.front();
    const std::string where =
        "move \"" + std::string(text) + "\" in position " + to_fen(position) + ": ";
    if (found.empty()) return make_error(where + "not a legal move");
    std::string options;
    for (const BasicMove<V>& m : found)
        options += (options.empty() ? "" : ", ") + to_long_notation(position, m);
    return make_error(where + "ambiguous, matches " + std::to_string(found.size()) +
                      " legal moves (" + options + "); write every landing square");
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_NOTATION(V)                                                 \
    template std::string to_short_notation(const BasicMove<V>&);                         \
    template std::string to_long_notation(const BasicPosition<V>&, const BasicMove<V>&); \
    template std::string to_pdn_notation(const BasicPosition<V>&, const BasicMove<V>&);  \
    template std::string to_hub_notation(const BasicMove<V>&);                           \
    template Expected<BasicMove<V>> parse_move(const BasicPosition<V>&, std::string_view);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_NOTATION)
#undef DRAUGHTS_INSTANTIATE_NOTATION

}  // namespace draughts::rules
