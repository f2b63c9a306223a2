#include "engine/hub_position.hpp"

namespace draughts::engine {

Expected<Position> parse_hub_position(std::string_view text) {
    const auto fail = [&](const std::string& what) {
        return make_error("Hub position \"" + std::string(text) + "\": " + what);
    };
    if (text.size() != 51)
        return fail("expected 51 characters, found " + std::to_string(text.size()));
    Color to_move;
    if (text[0] == 'W') {
        to_move = Color::White;
    } else if (text[0] == 'B') {
        to_move = Color::Black;
    } else {
        return fail("side to move must be W or B");
    }
    Bitboard white = 0;
    Bitboard black = 0;
    Bitboard kings = 0;
    for (Square s = 1; s <= kNumSquares; ++s) {
        const Bitboard bit = square_bit(s);
        switch (text[static_cast<std::size_t>(s)]) {
            case 'w': white |= bit; break;
            case 'b': black |= bit; break;
            case 'W': white |= bit; kings |= bit; break;
            case 'B': black |= bit; kings |= bit; break;
            case 'e': break;
            default:
                return fail("square " + std::to_string(s) + " has unknown character '" +
                            text[static_cast<std::size_t>(s)] + "'");
        }
    }
    if (const Bitboard bad = (white & ~kings & promotion_row(Color::White)) |
                             (black & ~kings & promotion_row(Color::Black));
        bad != 0) {
        return fail("a man on square " + std::to_string(square_of_bit_index(lsb_index(bad))) +
                    " would already have been promoted");
    }
    return Position::from_bitboards(white, black, kings, to_move);
}

std::string to_hub_position(const Position& position) {
    std::string out(51, 'e');
    out[0] = color_letter(position.side_to_move());
    for (Square s = 1; s <= kNumSquares; ++s) {
        char c = 'e';
        switch (position.piece_at(s)) {
            case Piece::WhiteMan: c = 'w'; break;
            case Piece::BlackMan: c = 'b'; break;
            case Piece::WhiteKing: c = 'W'; break;
            case Piece::BlackKing: c = 'B'; break;
            case Piece::None: break;
        }
        out[static_cast<std::size_t>(s)] = c;
    }
    return out;
}

}  // namespace draughts::engine
