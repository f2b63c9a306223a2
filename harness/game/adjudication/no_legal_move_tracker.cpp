#include "harness/game/adjudication/no_legal_move_tracker.hpp"

#include <string>

#include "rules/movegen.hpp"

namespace draughts::harness {

std::optional<GameEnd> no_legal_move_end(const rules::Position& position) {
    const rules::Color side = position.side_to_move();
    if (rules::count_moves(position) > 0) return std::nullopt;
    const rules::Color winner = rules::opposite(side);
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
