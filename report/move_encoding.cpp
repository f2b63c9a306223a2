#include "report/move_encoding.hpp"

#include <optional>

#include "common/text.hpp"
#include "rules/bitboard.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"

namespace draughts::report {

namespace {

/// A quiet move "a-b" when the text is one and the move is possible on the board (a piece of the
/// side to move on a, b empty); the rules core checks captures instead (they need the search).
std::optional<rules::Move> quiet_move(const rules::Position& position, std::string_view text) {
    const std::size_t dash = text.find('-');
    if (dash == std::string_view::npos) return std::nullopt;
    const auto from = parse_number<int>(text.substr(0, dash));
    const auto to = parse_number<int>(text.substr(dash + 1));
    if (!from || !to || *from < 1 || *from > 50 || *to < 1 || *to > 50) return std::nullopt;
    const rules::Color mover = position.side_to_move();
    if ((position.pieces(mover) & rules::square_bit(*from)) == 0) return std::nullopt;
    if ((position.empty() & rules::square_bit(*to)) == 0) return std::nullopt;
    return rules::Move::quiet(*from, *to);
}

/// A square as its distance from the move's origin plus 50 (1..99): men move by a handful of
/// distances, so these bytes repeat and compress far better than the squares themselves.
int relative(int square, int from) { return square - from + 50; }

}  // namespace

void replay_game(MatchGame& game) {
    auto start = rules::parse_fen(game.start_fen);
    if (!start) return;
    rules::Position position = *start;
    game.final_position = position;
    std::string& out = game.encoded_moves;
    out.reserve(game.moves.size() * 2 + 8);
    for (const RecordedMove& recorded : game.moves) {
        std::optional<rules::Move> move = quiet_move(position, recorded.text);
        if (!move) {
            auto parsed = rules::parse_move(position, recorded.text);
            if (!parsed) break;
            move = *parsed;
        }
        const int from = move->from();
        out += static_cast<char>(from);
        const int captures = rules::popcount(move->captured());
        out += static_cast<char>(relative(move->to(), from) | (captures > 0 ? 0x80 : 0));
        if (captures > 0) {
            out += static_cast<char>(captures);
            rules::for_each_square(move->captured(), [&out, from](rules::Square s) {
                out += static_cast<char>(relative(s, from));
            });
        }
        position = position.after(*move);
        ++game.replayed;
    }
    game.final_position = position;
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
