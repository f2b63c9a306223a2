#include "report/board_code.hpp"

#include "rules/fen.hpp"
#include "rules/variant_list.hpp"

namespace draughts::report {

template <typename V>
BoardCode board_code(const rules::BasicPosition<V>& position) {
    using Board = typename V::Board;
    BoardCode code{Board::kSize, {}};
    code.squares.reserve(Board::kNumSquares);
    for (rules::Square s = 1; s <= Board::kNumSquares; ++s) {
        switch (position.piece_at(s)) {
            case rules::Piece::WhiteMan:
                code.squares += 'w';
                break;
            case rules::Piece::WhiteKing:
                code.squares += 'W';
                break;
            case rules::Piece::BlackMan:
                code.squares += 'b';
                break;
            case rules::Piece::BlackKing:
                code.squares += 'B';
                break;
            case rules::Piece::None:
                code.squares += '.';
                break;
        }
    }
    return code;
}

std::optional<BoardCode> board_of_fen(rules::Variant variant, std::string_view fen) {
    return rules::dispatch_variant(variant, [&](auto policy) -> std::optional<BoardCode> {
        using V = decltype(policy);
        const auto position = rules::parse_fen<V>(fen);
        if (!position) return std::nullopt;
        return board_code(*position);
    });
}

BoardCode initial_board(rules::Variant variant) {
    return rules::dispatch_variant(variant, [](auto policy) {
        using V = decltype(policy);
        return board_code(rules::BasicPosition<V>::initial());
    });
}

std::optional<rules::Variant> line_variant(std::string_view name) {
    return name.empty() ? std::optional(rules::Variant::International) : rules::parse_variant(name);
}

#define DRAUGHTS_INSTANTIATE_BOARD_CODE(V) \
    template BoardCode board_code(const rules::BasicPosition<rules::V>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_BOARD_CODE)
#undef DRAUGHTS_INSTANTIATE_BOARD_CODE

}  // namespace draughts::report
