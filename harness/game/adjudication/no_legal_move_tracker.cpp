#include "harness/game/adjudication/no_legal_move_tracker.hpp"

#include <string>

#include "engine/movegen.hpp"

namespace draughts::harness {

std::optional<GameEnd> no_legal_move_end(const engine::Position& position) {
    const engine::Color side = position.side_to_move();
    if (engine::count_moves(position) > 0) return std::nullopt;
    const engine::Color winner = engine::opposite(side);
    if (position.pieces(side) == 0)
        return GameEnd{win_for(winner), Termination::NoPieces,
                       std::string(color_name(side)) + " has no pieces left [FMJD 7.2.2]"};
    return GameEnd{
        win_for(winner), Termination::Blocked,
        std::string(color_name(side)) + " has no legal move: all pieces are blocked [FMJD 7.2.3]"};
}

std::optional<GameEnd> NoLegalMoveTracker::on_ply(const PlyEvent& event) {
    return no_legal_move_end(event.after);
}

}  // namespace draughts::harness
