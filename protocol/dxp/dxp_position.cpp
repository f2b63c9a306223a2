// The B form of a position in DXP's game request: side to move and the 50 squares.

#include "protocol/dxp/dxp_message.hpp"
#include "protocol/dxp/dxp_text.hpp"

namespace draughts::protocol {

using dxp_detail::color_char;
using dxp_detail::quoted;
using rules::Color;

std::string to_dxp_position(const rules::Position& position) {
    std::string text(1, color_char(position.side_to_move()));
    for (rules::Square s = 1; s <= rules::kNumSquares; ++s) {
        switch (position.piece_at(s)) {
            case rules::Piece::None:
                text += 'e';
                break;
            case rules::Piece::WhiteMan:
                text += 'w';
                break;
            case rules::Piece::BlackMan:
                text += 'z';
                break;
            case rules::Piece::WhiteKing:
                text += 'W';
                break;
            case rules::Piece::BlackKing:
                text += 'Z';
                break;
        }
    }
    return text;
}

Expected<rules::Position> parse_dxp_position(std::string_view text) {
    const auto fail = [&](const std::string& what) {
        return make_error("DXP position " + quoted(text) + ": " + what);
    };
    if (text.size() != 1 + rules::kNumSquares)
        return fail("needs 51 characters (side to move and 50 squares), found " +
                    std::to_string(text.size()));
    Color side = Color::White;
    if (text[0] == 'Z') {
        side = Color::Black;
    } else if (text[0] != 'W') {
        return fail("side to move must be W or Z, found " + quoted(text.substr(0, 1)));
    }
    rules::Bitboard white = 0, black = 0, kings = 0;
    for (rules::Square s = 1; s <= rules::kNumSquares; ++s) {
        const char c = text[static_cast<std::size_t>(s)];
        const rules::Bitboard bit = rules::square_bit(s);
        if (c == 'e') continue;
        if (c == 'w' || c == 'W') {
            white |= bit;
        } else if (c == 'z' || c == 'Z') {
            black |= bit;
        } else {
            return fail("square " + std::to_string(s) + " (column " + std::to_string(s + 1) +
                        "): expected e, w, z, W or Z, found " +
                        quoted(text.substr(static_cast<std::size_t>(s), 1)));
        }
        if (c == 'W' || c == 'Z') {
            kings |= bit;
        } else if ((rules::promotion_row(c == 'w' ? Color::White : Color::Black) & bit) != 0) {
            return fail("a man on square " + std::to_string(s) +
                        " would already have been promoted");
        }
    }
    return rules::Position::from_bitboards(white, black, kings, side);
}

}  // namespace draughts::protocol
