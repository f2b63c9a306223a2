#pragma once
// Positions for engine tests: reproducible random games (seeded), so that tests cover thousands of
// varied positions without data files.

#include <cstdint>
#include <random>
#include <vector>

#include "rules/board_geometry.hpp"
#include "rules/movegen.hpp"
#include "rules/position.hpp"

namespace draughts::engine::test {

/// The same position with colours exchanged and the board turned half a turn.
inline rules::Position colour_flipped(const rules::Position& p) {
    return rules::Position::from_bitboards(
        rules::geometry::rotate(p.black()), rules::geometry::rotate(p.white()),
        rules::geometry::rotate(p.kings()), opposite(p.side_to_move()));
}

/// Every position of `games` random games of at most `max_plies` plies from the initial position,
/// with moves drawn uniformly by a generator seeded with `seed`.
inline std::vector<rules::Position> random_game_positions(int games, int max_plies,
                                                          std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<rules::Position> out;
    for (int g = 0; g < games; ++g) {
        rules::Position p = rules::Position::initial();
        for (int ply = 0; ply < max_plies; ++ply) {
            out.push_back(p);
            rules::MoveList moves;
            generate_moves(p, moves);
            if (moves.empty()) break;
            p = p.after(moves[rng() % moves.size()]);
        }
    }
    return out;
}

/// The positions of random_game_positions() where the side to move has no capture.
inline std::vector<rules::Position> random_quiet_positions(int games, int max_plies,
                                                           std::uint32_t seed) {
    std::vector<rules::Position> out;
    for (const rules::Position& p : random_game_positions(games, max_plies, seed))
        if (!has_capture(p)) out.push_back(p);
    return out;
}

}  // namespace draughts::engine::test
