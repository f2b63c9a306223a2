#include "protocol/hub/hub_position.hpp"

#include "rules/variant_list.hpp"

namespace draughts::protocol {

template <typename V>
Expected<rules::BasicPosition<V>> parse_hub_position(std::string_view text) {
    using B = typename V::Board;
    const auto fail = [&](const std::string& what) {
        return make_error("Hub position \"" + std::string(text) + "\": " + what);
    };
    if (text.size() != kHubPositionLength<V>)
        return fail("expected " + std::to_string(kHubPositionLength<V>) + " characters for " +
                    std::string(V::kName) + " draughts (side to move and " +
                    std::to_string(B::kNumSquares) + " squares), found " +
                    std::to_string(text.size()));
    rules::Color to_move;
    if (text[0] == 'W') {
        to_move = rules::Color::White;
    } else if (text[0] == 'B') {
        to_move = rules::Color::Black;
    } else {
        return fail("side to move must be W or B");
    }
    rules::Bitboard white = 0;
    rules::Bitboard black = 0;
    rules::Bitboard kings = 0;
    for (rules::Square s = 1; s <= B::kNumSquares; ++s) {
        const rules::Bitboard bit = B::square_bit(s);
        switch (text[static_cast<std::size_t>(s)]) {
            case 'w':
                white |= bit;
                break;
            case 'b':
                black |= bit;
                break;
            case 'W':
                white |= bit;
                kings |= bit;
                break;
            case 'B':
                black |= bit;
                kings |= bit;
                break;
            case 'e':
                break;
            default:
                return fail("square " + std::to_string(s) + " has unknown character '" +
                            text[static_cast<std::size_t>(s)] + "'");
        }
    }
    if (const rules::Bitboard bad = (white & ~kings & B::promotion_row(rules::Color::White)) |
                                    (black & ~kings & B::promotion_row(rules::Color::Black));
        bad != 0) {
        return fail("a man on square " +
                    std::to_string(B::square_of_bit_index(rules::lsb_index(bad))) +
                    " would already have been promoted");
    }
    return rules::BasicPosition<V>::from_bitboards(white, black, kings, to_move);
}

template <typename V>
std::string to_hub_position(const rules::BasicPosition<V>& position) {
    std::string out(kHubPositionLength<V>, 'e');
    out[0] = color_letter(position.side_to_move());
    for (rules::Square s = 1; s <= V::Board::kNumSquares; ++s) {
        char c = 'e';
        switch (position.piece_at(s)) {
            case rules::Piece::WhiteMan:
                c = 'w';
                break;
            case rules::Piece::BlackMan:
                c = 'b';
                break;
            case rules::Piece::WhiteKing:
                c = 'W';
                break;
            case rules::Piece::BlackKing:
                c = 'B';
                break;
            case rules::Piece::None:
                break;
        }
        out[static_cast<std::size_t>(s)] = c;
    }
    return out;
}

#define DRAUGHTS_INSTANTIATE(Policy)                                                          \
    template Expected<rules::BasicPosition<rules::Policy>> parse_hub_position<rules::Policy>( \
        std::string_view);                                                                    \
    template std::string to_hub_position(const rules::BasicPosition<rules::Policy>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE)
#undef DRAUGHTS_INSTANTIATE

}  // namespace draughts::protocol
