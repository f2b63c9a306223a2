#include "rules/movegen.hpp"

#include "rules/capture_search.hpp"

namespace draughts::rules {

namespace {

using detail::any_capture;
using detail::Forward;

template <int Step>
void add_king_slides(Bitboard king, Bitboard empty, MoveList& moves) {
    const int from = lsb_index(king);
    for (Bitboard to = shift<Step>(king) & empty; to != 0; to = shift<Step>(to) & empty)
        moves.push(Move(from, lsb_index(to), 0));
}

template <int Step>
void add_man_steps(Bitboard men, Bitboard empty, MoveList& moves) {
    for (Bitboard targets = shift<Step>(men) & empty; targets != 0;) {
        const int to = pop_lsb(targets);
        moves.push(Move(to - Step, to, 0));
    }
}

template <Color Us>
void generate_quiet(const Position& pos, MoveList& moves) {
    const Bitboard empty = pos.empty();
    const Bitboard men = pos.men(Us);
    add_man_steps<Forward<Us>::kLeft>(men, empty, moves);
    add_man_steps<Forward<Us>::kRight>(men, empty, moves);
    for (Bitboard kings = pos.kings(Us); kings != 0; kings &= kings - 1) {
        const Bitboard king = kings & -kings;
        add_king_slides<kUpLeft>(king, empty, moves);
        add_king_slides<kUpRight>(king, empty, moves);
        add_king_slides<kDownLeft>(king, empty, moves);
        add_king_slides<kDownRight>(king, empty, moves);
    }
}

template <Color Us>
bool side_has_capture(const Position& pos) {
    return any_capture(pos.men(Us), pos.kings(Us), pos.pieces(opposite(Us)), pos.empty());
}

template <Color Us>
void generate(const Position& pos, MoveList& moves, Duplicates duplicates) {
    moves.clear();
    detail::generate_captures(pos.pieces(Us), pos.pieces(opposite(Us)), pos.kings(), moves,
                              duplicates);
    // Capturing is compulsory [FMJD 4.1]: quiet moves only when there is no capture.
    if (moves.empty()) generate_quiet<Us>(pos, moves);
}

}  // namespace

void generate_moves(const Position& position, MoveList& moves, Duplicates duplicates) {
    if (position.side_to_move() == Color::White) {
        generate<Color::White>(position, moves, duplicates);
    } else {
        generate<Color::Black>(position, moves, duplicates);
    }
}

bool has_capture(const Position& position) {
    return position.side_to_move() == Color::White ? side_has_capture<Color::White>(position)
                                                   : side_has_capture<Color::Black>(position);
}

}  // namespace draughts::rules
