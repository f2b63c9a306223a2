#include "harness/game/adjudication/ending_tracker.hpp"

namespace draughts::harness {

namespace {

using rules::Color;
using rules::Position;

bool has_lone_king(const Position& p, Color c) {
    return rules::popcount(p.pieces(c)) == 1 && p.kings(c) != 0;
}

bool in_ending_against(const Position& p, Color lone, Ending ending) {
    if (!has_lone_king(p, lone)) return false;
    const Color strong = rules::opposite(lone);
    const int pieces = rules::popcount(p.pieces(strong));
    if (p.kings(strong) == 0) return false;
    return ending == Ending::SixteenMoves ? pieces == 3 : pieces >= 1 && pieces <= 2;
}

}  // namespace

bool in_ending(const Position& position, Ending ending) {
    return in_ending_against(position, Color::White, ending) ||
           in_ending_against(position, Color::Black, ending);
}

void EndingTracker::reset(const Position& start) {
    active_ = in_ending(start, ending_);
    count_ = 0;
}

std::optional<int> EndingTracker::count() const {
    if (!active_) return std::nullopt;
    return count_;
}

std::optional<GameEnd> EndingTracker::on_ply(const PlyEvent& event) {
    if (!in_ending(event.after, ending_)) {
        active_ = false;
        return std::nullopt;
    }
    if (!active_) {
        // This ply created the configuration: the count starts here.
        active_ = true;
        count_ = 0;
        return std::nullopt;
    }
    if (++count_ < limit()) return std::nullopt;
    if (ending_ == Ending::SixteenMoves)
        return GameEnd{GameResult::Draw, Termination::SixteenMoveRule,
                       "16-move rule: 16 moves by each player with a lone king against three "
                       "pieces including a king [FMJD 6.3]"};
    return GameEnd{GameResult::Draw, Termination::FiveMoveRule,
                   "5-move rule: 5 moves by each player with a lone king against at most two "
                   "pieces including a king [FMJD 6.4]"};
}

}  // namespace draughts::harness
