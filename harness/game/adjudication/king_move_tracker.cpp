#include "harness/game/adjudication/king_move_tracker.hpp"

namespace draughts::harness {

std::optional<GameEnd> KingMoveTracker::on_ply(const PlyEvent& event) {
    count_ = is_irreversible(event.before, event.move) ? 0 : count_ + 1;
    if (count_ < kPlies) return std::nullopt;
    return GameEnd{GameResult::Draw, Termination::TwentyFiveMoveRule,
                   "25-move rule: 25 moves by each player with only kings moving and no capture "
                   "[FMJD 6.2]"};
}

}  // namespace draughts::harness
