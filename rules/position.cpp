#include "rules/position.hpp"

#include "rules/zobrist.hpp"

namespace draughts::rules {

namespace {
std::uint64_t hash_of_set(Bitboard set, Color color, bool king) {
    std::uint64_t h = 0;
    while (set != 0) h ^= zobrist_piece(color, king, pop_lsb(set));
    return h;
}
}  // namespace

Position Position::initial() {
    Bitboard black = 0;
    Bitboard white = 0;
    for (Square s = 1; s <= 20; ++s) black |= square_bit(s);
    for (Square s = 31; s <= 50; ++s) white |= square_bit(s);
    return from_bitboards(white, black, 0, Color::White);
}

Position Position::from_bitboards(Bitboard white, Bitboard black, Bitboard kings, Color to_move) {
    assert((white & black) == 0);
    assert(((white | black) & ~kBoardMask) == 0);
    assert((kings & ~(white | black)) == 0);
    Position p;
    p.white_ = white;
    p.black_ = black;
    p.kings_ = kings;
    p.side_ = to_move;
    p.hash_ = p.compute_hash();
    return p;
}

std::uint64_t Position::compute_hash() const {
    std::uint64_t h = hash_of_set(white_ & ~kings_, Color::White, false) ^
                      hash_of_set(white_ & kings_, Color::White, true) ^
                      hash_of_set(black_ & ~kings_, Color::Black, false) ^
                      hash_of_set(black_ & kings_, Color::Black, true);
    if (side_ == Color::Black) h ^= kZobrist.black_to_move;
    return h;
}

Piece Position::piece_at(Square square) const {
    const Bitboard b = square_bit(square);
    const bool king = (kings_ & b) != 0;
    if (white_ & b) return king ? Piece::WhiteKing : Piece::WhiteMan;
    if (black_ & b) return king ? Piece::BlackKing : Piece::BlackMan;
    return Piece::None;
}

Position Position::after(const Move& move) const {
    Position next = *this;
    const Color us = side_;
    const Color them = opposite(us);
    const Bitboard from = Bitboard{1} << move.from_index();
    const Bitboard to = Bitboard{1} << move.to_index();
    const bool was_king = (kings_ & from) != 0;
    const bool becomes_king = was_king || (to & promotion_row(us)) != 0;

    Bitboard& own = us == Color::White ? next.white_ : next.black_;
    Bitboard& opp = us == Color::White ? next.black_ : next.white_;
    // The origin is cleared before the destination is set: a capture may end where it started.
    own &= ~from;
    own |= to;
    next.kings_ &= ~from;
    if (becomes_king) next.kings_ |= to;
    std::uint64_t h = hash_ ^ zobrist_piece(us, was_king, move.from_index()) ^
                      zobrist_piece(us, becomes_king, move.to_index()) ^ kZobrist.black_to_move;

    if (const Bitboard captured = move.captured(); captured != 0) {
        h ^= hash_of_set(captured & ~kings_, them, false) ^
             hash_of_set(captured & kings_, them, true);
        opp &= ~captured;
        next.kings_ &= ~captured;
    }
    next.hash_ = h;
    next.side_ = them;
    return next;
}

Position Position::with_side_to_move(Color c) const {
    Position p = *this;
    if (p.side_ != c) {
        p.side_ = c;
        p.hash_ ^= kZobrist.black_to_move;
    }
    return p;
}

}  // namespace draughts::rules
