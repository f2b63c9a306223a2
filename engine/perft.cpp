#include "engine/perft.hpp"

namespace draughts::engine {

std::uint64_t perft(const Position& position, int depth, Duplicates duplicates) {
    if (depth <= 0) return 1;
    if (depth == 1) return static_cast<std::uint64_t>(count_moves(position, duplicates));
    if (depth == 2) return count_two_ply(position, duplicates);
    MoveList moves;
    generate_moves(position, moves, duplicates);
    std::uint64_t total = 0;
    for (const Move& move : moves) total += perft(position.after(move), depth - 1, duplicates);
    return total;
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

}  // namespace draughts::engine
