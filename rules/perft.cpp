#include "rules/perft.hpp"

#include "rules/bulk_count.hpp"
#include "rules/capture_search.hpp"

namespace draughts::rules {

namespace {

using detail::Board;
using detail::Forward;

// The recursion works on three bare bitboards with the colour to move as a template parameter:
// it needs no Zobrist hash, and quiet moves are made in place without filling a move list.

template <Color Us>
std::uint64_t perft_on(const Board& board, int depth, Duplicates duplicates);

template <Color Us, int Step>
std::uint64_t perft_man_steps(const Board& board, int depth, Duplicates duplicates) {
    const Bitboard empty = kBoardMask & ~(board.own | board.enemies);
    std::uint64_t total = 0;
    for (Bitboard targets = shift<Step>(board.own & ~board.kings) & empty; targets != 0;
         targets &= targets - 1) {
        const Bitboard to = targets & (~targets + 1);
        const Bitboard moved = shift<-Step>(to) | to;
        // A man ending on the far row is promoted [FMJD 3.5].
        const Board child{board.enemies, board.own ^ moved, board.kings | (to & promotion_row(Us))};
        total += perft_on<opposite(Us)>(child, depth - 1, duplicates);
    }
    return total;
}

template <Color Us, int Step>
std::uint64_t perft_king_slides(const Board& board, int depth, Duplicates duplicates) {
    const Bitboard empty = kBoardMask & ~(board.own | board.enemies);
    std::uint64_t total = 0;
    for (Bitboard kings = board.own & board.kings; kings != 0; kings &= kings - 1) {
        const Bitboard from = kings & (~kings + 1);
        for (Bitboard to = shift<Step>(from) & empty; to != 0; to = shift<Step>(to) & empty) {
            const Bitboard moved = from | to;
            const Board child{board.enemies, board.own ^ moved, board.kings ^ moved};
            total += perft_on<opposite(Us)>(child, depth - 1, duplicates);
        }
    }
    return total;
}

template <Color Us>
std::uint64_t perft_on(const Board& board, int depth, Duplicates duplicates) {
    if (depth == 1)
        return static_cast<std::uint64_t>(
            detail::count_on<Us>(board.own, board.enemies, board.kings, duplicates));
    if (depth == 2)
        return detail::count_two_on<Us>(board.own, board.enemies, board.kings, duplicates);
    MoveList captures;
    detail::generate_captures(board.own, board.enemies, board.kings, captures, duplicates);
    std::uint64_t total = 0;
    if (!captures.empty()) {
        for (const Move& move : captures)
            total += perft_on<opposite(Us)>(detail::after_capture<Us>(board, move), depth - 1,
                                            duplicates);
        return total;
    }
    total = perft_man_steps<Us, Forward<Us>::kLeft>(board, depth, duplicates) +
            perft_man_steps<Us, Forward<Us>::kRight>(board, depth, duplicates);
    if ((board.own & board.kings) != 0) {
        total += perft_king_slides<Us, kUpLeft>(board, depth, duplicates) +
                 perft_king_slides<Us, kUpRight>(board, depth, duplicates) +
                 perft_king_slides<Us, kDownLeft>(board, depth, duplicates) +
                 perft_king_slides<Us, kDownRight>(board, depth, duplicates);
    }
    return total;
}

}  // namespace

std::uint64_t perft(const Position& position, int depth, Duplicates duplicates) {
    if (depth <= 0) return 1;
    const Color us = position.side_to_move();
    const Board board{position.pieces(us), position.pieces(opposite(us)), position.kings()};
    return us == Color::White ? perft_on<Color::White>(board, depth, duplicates)
                              : perft_on<Color::Black>(board, depth, duplicates);
}

std::vector<DivideEntry> perft_divide(const Position& position, int depth, Duplicates duplicates) {
    std::vector<DivideEntry> entries;
    if (depth <= 0) return entries;
    MoveList moves;
    generate_moves(position, moves, duplicates);
    for (const Move& move : moves)
        entries.push_back({move, perft(position.after(move), depth - 1, duplicates)});
    return entries;
}

}  // namespace draughts::rules
