#include "report/move_encoding.hpp"

#include <optional>

#include "common/text.hpp"
#include "rules/bitboard.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/variant.hpp"

namespace draughts::report {

namespace {

/// A quiet move "a-b" when the text is one and the move is possible on the board (a piece of the
/// side to move on a, b empty); the rules core checks captures instead (they need the search).
template <typename V>
std::optional<rules::BasicMove<V>> quiet_move(const rules::BasicPosition<V>& position,
                                              std::string_view text) {
    using Board = typename V::Board;
    const std::size_t dash = text.find('-');
    if (dash == std::string_view::npos) return std::nullopt;
    const auto from = parse_number<int>(text.substr(0, dash));
    const auto to = parse_number<int>(text.substr(dash + 1));
    if (!from || !to || !Board::is_valid_square(*from) || !Board::is_valid_square(*to))
        return std::nullopt;
    const rules::Color mover = position.side_to_move();
    if ((position.pieces(mover) & Board::square_bit(*from)) == 0) return std::nullopt;
    if ((position.empty() & Board::square_bit(*to)) == 0) return std::nullopt;
    return rules::BasicMove<V>::quiet(*from, *to);
}

/// A square as its distance from the move's origin plus 50 (1..99): men move by a handful of
/// distances, so these bytes repeat and compress far better than the squares themselves.
int relative(int square, int from) { return square - from + 50; }

template <typename V>
void replay(MatchGame& game) {
    using Board = typename V::Board;
    auto start = rules::parse_fen<V>(game.start_fen);
    if (!start) return;
    rules::BasicPosition<V> position = *start;
    std::string& out = game.encoded_moves;
    out.reserve(game.moves.size() * 2 + 8);
    for (const RecordedMove& recorded : game.moves) {
        std::optional<rules::BasicMove<V>> move = quiet_move(position, recorded.text);
        if (!move) {
            auto parsed = rules::parse_move(position, recorded.text);
            if (!parsed) break;
            move = *parsed;
        }
        const rules::BasicPosition<V> next = position.after(*move);
        const int from = move->from();
        // The man became a king (at the end of its move, or during a Russian capture): the page
        // knows no rules, so the move says so.
        const bool crowns = (position.men() & Board::square_bit(from)) != 0 &&
                            (next.kings() & Board::square_bit(move->to())) != 0;
        out += static_cast<char>(from | (crowns ? kCrownsBit : 0));
        const int captures = rules::popcount(move->captured());
        out += static_cast<char>(relative(move->to(), from) | (captures > 0 ? 0x80 : 0));
        if (captures > 0) {
            out += static_cast<char>(captures);
            rules::for_each_square_on<Board>(move->captured(), [&out, from](rules::Square s) {
                out += static_cast<char>(relative(s, from));
            });
        }
        position = next;
        ++game.replayed;
    }
    game.final_board = board_code(position);
}

}  // namespace

void replay_game(MatchGame& game) {
    game.encoded_moves.clear();
    game.replayed = 0;
    const auto variant = line_variant(game.variant);
    if (!variant) return;  // a variant this program does not know: nothing to show
    game.final_board = initial_board(*variant);
    rules::dispatch_variant(*variant, [&](auto policy) { replay<decltype(policy)>(game); });
}

void put_varint(std::string& out, std::uint64_t value) {
    while (value >= 0x80) {
        out += static_cast<char>((value & 0x7F) | 0x80);
        value >>= 7;
    }
    out += static_cast<char>(value);
}

void put_signed(std::string& out, std::int64_t value) {
    const auto zigzag =
        (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
    put_varint(out, zigzag);
}

}  // namespace draughts::report
