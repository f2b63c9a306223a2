#include "harness/game/adjudication/repetition_tracker.hpp"

#include <string>

namespace draughts::harness {

void RepetitionTracker::reset(const rules::Position& start) { seen_.assign(1, Seen{start, 0}); }

int RepetitionTracker::occurrences(const rules::Position& position) const {
    int count = 0;
    for (const Seen& s : seen_)
        if (s.position == position) ++count;
    return count;
}

std::optional<GameEnd> RepetitionTracker::on_ply(const PlyEvent& event) {
    if (is_irreversible(event.before, event.move)) seen_.clear();
    seen_.push_back(Seen{event.after, event.ply});
    if (occurrences(event.after) < 3) return std::nullopt;
    std::string plies;
    for (const Seen& s : seen_)
        if (s.position == event.after) plies += (plies.empty() ? "" : ", ") + std::to_string(s.ply);
    return GameEnd{GameResult::Draw, Termination::ThreefoldRepetition,
                   "threefold repetition: the same position with " +
                       std::string(color_name(event.after.side_to_move())) +
                       " to move occurred after plies " + plies + " [FMJD 6.1]"};
}

}  // namespace draughts::harness
