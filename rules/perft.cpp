#include "rules/perft.hpp"

#include "rules/bulk_count.hpp"
#include "rules/capture_search.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {

namespace {

using detail::Forward;
using detail::Sides;

// The recursion works on three bare bitboards with the colour to move as a template parameter:
// it needs no Zobrist hash, and quiet moves are made in place without filling a move list.

template <typename V, Color Us>
std::uint64_t perft_on(const Sides& board, int depth, Duplicates duplicates);

template <typename V, Color Us, int Step>
std::uint64_t perft_man_steps(const Sides& board, int depth, Duplicates duplicates) {
    using B = typename V::Board;
    const Bitboard empty = B::kMask & ~(board.own | board.enemies);
    std::uint64_t total = 0;
    for (Bitboard targets = shift<Step>(board.own & ~board.kings) & empty; targets != 0;
         targets &= targets - 1) {
        const Bitboard to = targets & (~targets + 1);
        const Bitboard moved = shift<-Step>(to) | to;
        // A man ending on the far row is promoted [FMJD 3.5].
        const Sides child{board.enemies, board.own ^ moved,
                          board.kings | (to & B::promotion_row(Us))};
        total += perft_on<V, opposite(Us)>(child, depth - 1, duplicates);
    }
    return total;
}

template <typename V, Color Us, int Step>
std::uint64_t perft_king_slides(const Sides& board, int depth, Duplicates duplicates) {
    const Bitboard empty = V::Board::kMask & ~(board.own | board.enemies);
    std::uint64_t total = 0;
    for (Bitboard kings = board.own & board.kings; kings != 0; kings &= kings - 1) {
        const Bitboard from = kings & (~kings + 1);
        for (Bitboard to = shift<Step>(from) & empty; to != 0;
             to = V::kFlyingKings ? shift<Step>(to) & empty : 0) {
            const Bitboard moved = from | to;
            const Sides child{board.enemies, board.own ^ moved, board.kings ^ moved};
            total += perft_on<V, opposite(Us)>(child, depth - 1, duplicates);
        }
    }
    return total;
}

template <typename V, Color Us>
std::uint64_t perft_on(const Sides& board, int depth, Duplicates duplicates) {
    using B = typename V::Board;
    if (depth == 1)
        return static_cast<std::uint64_t>(
            detail::count_on<V, Us>(board.own, board.enemies, board.kings, duplicates));
    if (depth == 2)
        return detail::count_two_on<V, Us>(board.own, board.enemies, board.kings, duplicates);
    BasicMoveList<V> captures;
    detail::generate_captures<V, Us>(board.own, board.enemies, board.kings, captures, duplicates);
    std::uint64_t total = 0;
    if (!captures.empty()) {
        for (const BasicMove<V>& move : captures)
            total += perft_on<V, opposite(Us)>(detail::after_capture<V, Us>(board, move), depth - 1,
                                               duplicates);
        return total;
    }
    total = perft_man_steps<V, Us, Forward<B, Us>::kLeft>(board, depth, duplicates) +
            perft_man_steps<V, Us, Forward<B, Us>::kRight>(board, depth, duplicates);
    if ((board.own & board.kings) != 0) {
        total += perft_king_slides<V, Us, B::kUpLeft>(board, depth, duplicates) +
                 perft_king_slides<V, Us, B::kUpRight>(board, depth, duplicates) +
                 perft_king_slides<V, Us, B::kDownLeft>(board, depth, duplicates) +
                 perft_king_slides<V, Us, B::kDownRight>(board, depth, duplicates);
    }
    return total;
}

/// The recursion of the variants that bitboards alone do not describe (detail::kBulkCounting):
/// position by position, with the last two plies counted by count_two_ply.
template <typename V>
std::uint64_t perft_positions(const BasicPosition<V>& position, int depth, Duplicates duplicates) {
    if (depth == 1) return static_cast<std::uint64_t>(count_moves(position, duplicates));
    if (depth == 2) return count_two_ply(position, duplicates);
    BasicMoveList<V> moves;
    generate_moves(position, moves, duplicates);
    std::uint64_t total = 0;
    for (const BasicMove<V>& move : moves)
        total += perft_positions(position.after(move), depth - 1, duplicates);
    return total;
}

}  // namespace

template <typename V>
std::uint64_t perft(const BasicPosition<V>& position, int depth, Duplicates duplicates) {
    if (depth <= 0) return 1;
    if constexpr (!detail::kBulkCounting<V>) {
        return perft_positions(position, depth, duplicates);
    } else {
        const Color us = position.side_to_move();
        const Sides board{position.pieces(us), position.pieces(opposite(us)), position.kings()};
        return us == Color::White ? perft_on<V, Color::White>(board, depth, duplicates)
                                  : perft_on<V, Color::Black>(board, depth, duplicates);
    }
}

template <typename V>
std::vector<BasicDivideEntry<V>> perft_divide(const BasicPosition<V>& position, int depth,
                                              Duplicates duplicates) {
    std::vector<BasicDivideEntry<V>> entries;
    if (depth <= 0) return entries;
    BasicMoveList<V> moves;
    generate_moves(position, moves, duplicates);
    for (const BasicMove<V>& move : moves)
        entries.push_back({move, perft(position.after(move), depth - 1, duplicates)});
    return entries;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_PERFT(V)                                                    \
    template std::uint64_t perft(const BasicPosition<V>&, int, Duplicates);              \
    template std::vector<BasicDivideEntry<V>> perft_divide(const BasicPosition<V>&, int, \
                                                           Duplicates);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_PERFT)
#undef DRAUGHTS_INSTANTIATE_PERFT

}  // namespace draughts::rules
