#include "egdb/counting.hpp"

#include <algorithm>

namespace draughts::egdb {

int count_limit(rules::EndgameRule rule) {
    switch (rule) {
        case rules::EndgameRule::SixteenMoves:
            return rules::kSixteenMoveDrawPlies;
        case rules::EndgameRule::FiveMoves:
            return rules::kFiveMoveDrawPlies;
        case rules::EndgameRule::None:
            break;
    }
    return rules::kReversibleDrawPlies;
}

const char* counted_rule_name(rules::EndgameRule rule) {
    switch (rule) {
        case rules::EndgameRule::SixteenMoves:
            return "16-move rule";
        case rules::EndgameRule::FiveMoves:
            return "5-move rule";
        case rules::EndgameRule::None:
            break;
    }
    return "25-move rule";
}

int running_count(const rules::DrawCounters& counters) {
    return counters.rule == rules::EndgameRule::None ? counters.reversible_plies
                                                     : counters.endgame_plies;
}

int plies_left(const rules::DrawCounters& counters) {
    return std::max(0, count_limit(counters.rule) - running_count(counters));
}

bool restarts_count(const rules::Position& before, const rules::Position& after) {
    const rules::EndgameRule rule = rules::endgame_rule(before);
    if (rule != rules::EndgameRule::None) return rules::endgame_rule(after) != rule;
    // Without a counted ending the 25-move count restarts with a man move or a capture [6.2].
    return before.men() != after.men() ||
           rules::popcount(before.occupied()) != rules::popcount(after.occupied());
}

Outcome outcome_within(const Value& value, int left) {
    return left >= value.plies ? value.outcome : Outcome::Draw;
}

}  // namespace draughts::egdb
