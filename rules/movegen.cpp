#include "rules/movegen.hpp"

#include "rules/capture_search.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {

namespace {

using detail::any_capture;
using detail::Forward;

/// The quiet moves of a king in direction Step: a flying king slides over free squares
/// [FMJD 3.9], a short king steps one square [ENG 3].
template <typename V, int Step>
void add_king_slides(Bitboard king, Bitboard empty, BasicMoveList<V>& moves) {
    const int from = lsb_index(king);
    for (Bitboard to = shift<Step>(king) & empty; to != 0;
         to = V::kFlyingKings ? shift<Step>(to) & empty : 0)
        moves.push(BasicMove<V>(from, lsb_index(to), 0));
}

template <typename V, int Step>
void add_man_steps(Bitboard men, Bitboard empty, BasicMoveList<V>& moves) {
    for (Bitboard targets = shift<Step>(men) & empty; targets != 0;) {
        const int to = pop_lsb(targets);
        moves.push(BasicMove<V>(to - Step, to, 0));
    }
}

template <typename V, Color Us>
void generate_quiet(const BasicPosition<V>& pos, BasicMoveList<V>& moves) {
    using B = typename V::Board;
    const Bitboard empty = pos.empty();
    const Bitboard men = pos.men(Us);
    add_man_steps<V, Forward<B, Us>::kLeft>(men, empty, moves);
    add_man_steps<V, Forward<B, Us>::kRight>(men, empty, moves);
    Bitboard movable = pos.kings(Us);
    if constexpr (V::kKingMoveLimit > 0) {
        // A king that made the most quiet moves in a row may not make another while its side
        // has men [FRS 6].
        if (men != 0 && pos.king_run_length(Us) >= V::kKingMoveLimit)
            movable &= ~(Bitboard{1} << pos.king_in_run(Us));
    }
    for (Bitboard kings = movable; kings != 0; kings &= kings - 1) {
        const Bitboard king = kings & -kings;
        add_king_slides<V, B::kUpLeft>(king, empty, moves);
        add_king_slides<V, B::kUpRight>(king, empty, moves);
        add_king_slides<V, B::kDownLeft>(king, empty, moves);
        add_king_slides<V, B::kDownRight>(king, empty, moves);
    }
}

template <typename V, Color Us>
bool side_has_capture(const BasicPosition<V>& pos) {
    if constexpr (V::kGoal == GameGoal::FirstKing) {
        if (pos.kings() != 0) return false;  // the game is over [BT 1]
    }
    return any_capture<V, Us>(pos.men(Us), pos.kings(Us), pos.pieces(opposite(Us)), pos.empty());
}

template <typename V, Color Us>
void generate(const BasicPosition<V>& pos, BasicMoveList<V>& moves, Duplicates duplicates) {
    moves.clear();
    if constexpr (V::kGoal == GameGoal::FirstKing) {
        // The first king has won: the game is over, nobody moves any more [BT 1].
        if (pos.kings() != 0) return;
    }
    detail::generate_captures<V, Us>(pos.pieces(Us), pos.pieces(opposite(Us)), pos.kings(), moves,
                                     duplicates);
    // Capturing is compulsory [FMJD 4.1]: quiet moves only when there is no capture.
    if (moves.empty()) generate_quiet<V, Us>(pos, moves);
}

}  // namespace

template <typename V>
void generate_moves(const BasicPosition<V>& position, BasicMoveList<V>& moves,
                    Duplicates duplicates) {
    if (position.side_to_move() == Color::White) {
        generate<V, Color::White>(position, moves, duplicates);
    } else {
        generate<V, Color::Black>(position, moves, duplicates);
    }
}

template <typename V>
bool has_capture(const BasicPosition<V>& position) {
    return position.side_to_move() == Color::White ? side_has_capture<V, Color::White>(position)
                                                   : side_has_capture<V, Color::Black>(position);
}

template <typename V>
bool opponent_has_capture(const BasicPosition<V>& position) {
    return position.side_to_move() == Color::White ? side_has_capture<V, Color::Black>(position)
                                                   : side_has_capture<V, Color::White>(position);
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_MOVEGEN(V)                                                   \
    template void generate_moves(const BasicPosition<V>&, BasicMoveList<V>&, Duplicates); \
    template bool has_capture(const BasicPosition<V>&);                                   \
    template bool opponent_has_capture(const BasicPosition<V>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_MOVEGEN)
#undef DRAUGHTS_INSTANTIATE_MOVEGEN

}  // namespace draughts::rules
