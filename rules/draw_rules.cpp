#include "rules/draw_rules.hpp"

namespace draughts::rules {

namespace {

/// Rule that applies when `lone` has a single piece and `other` is the opponent's material.
EndgameRule rule_against_lone_king(int other_pieces, int other_kings) {
    if (other_kings == 0) return EndgameRule::None;  // e.g. three men against a king [FMJD 6.3]
    if (other_pieces == 3) return EndgameRule::SixteenMoves;
    if (other_pieces <= 2) return EndgameRule::FiveMoves;
    return EndgameRule::None;
}

}  // namespace

EndgameRule endgame_rule(const Position& position) {
    // Both rules need a lone king against at most three pieces: four pieces in all.
    if (popcount(position.occupied()) > 4) return EndgameRule::None;
    const int white = popcount(position.white());
    const int black = popcount(position.black());
    const int white_kings = popcount(position.kings(Color::White));
    const int black_kings = popcount(position.kings(Color::Black));
    if (white == 1 && white_kings == 1) {
        const EndgameRule rule = rule_against_lone_king(black, black_kings);
        if (rule != EndgameRule::None) return rule;
    }
    if (black == 1 && black_kings == 1) return rule_against_lone_king(white, white_kings);
    return EndgameRule::None;
}

DrawCounters DrawCounters::at_start(const Position& position) {
    DrawCounters out;
    out.rule = endgame_rule(position);
    return out;
}

DrawCounters DrawCounters::next(const Position& before, const Position& after) const {
    DrawCounters out;
    const bool reversible =
        before.men() == after.men() && popcount(before.occupied()) == popcount(after.occupied());
    out.reversible_plies = reversible ? reversible_plies + 1 : 0;
    out.rule = endgame_rule(after);
    // The count starts with the move that created the configuration; a capture from the 16-move
    // into the 5-move ending starts the 5-move count afresh [FMJD 6.4]. Promotions inside the
    // same configuration class keep counting (man moves of the stronger side do not reset it).
    if (out.rule != EndgameRule::None && out.rule == rule) out.endgame_plies = endgame_plies + 1;
    return out;
}

bool DrawCounters::is_draw() const {
    if (reversible_plies >= kReversibleDrawPlies) return true;
    if (rule == EndgameRule::SixteenMoves) return endgame_plies >= kSixteenMoveDrawPlies;
    if (rule == EndgameRule::FiveMoves) return endgame_plies >= kFiveMoveDrawPlies;
    return false;
}

}  // namespace draughts::rules
