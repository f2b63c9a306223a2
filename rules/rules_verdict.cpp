#include "rules/rules_verdict.hpp"

#include "rules/movegen.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {

template <typename V>
std::optional<RulesVerdict> no_legal_move_verdict(const BasicPosition<V>& position) {
    const Color side = position.side_to_move();
    if constexpr (V::kGoal == GameGoal::FirstKing) {
        if (position.kings() != 0) {
            // The side that just moved crowned it; a start with a king is refused.
            const Color winner = position.kings(opposite(side)) != 0 ? opposite(side) : side;
            return RulesVerdict{
                RuleEnding::FirstKing, win_for(winner),
                std::string(color_name(winner)) + " crowned the first king and wins [BT 1]"};
        }
    }
    if (count_moves(position) > 0) return std::nullopt;
    if constexpr (V::kGoal == GameGoal::Losing) {
        const GameResult result = win_for(side);
        if (position.pieces(side) == 0)
            return RulesVerdict{
                RuleEnding::NoPieces, result,
                std::string(color_name(side)) + " has no pieces left and wins [ANTI 1]"};
        return RulesVerdict{RuleEnding::Blocked, result,
                            std::string(color_name(side)) +
                                " has no legal move, all pieces blocked, and wins [ANTI 1]"};
    } else {
        const GameResult result = win_for(opposite(side));
        if (position.pieces(side) == 0)
            return RulesVerdict{RuleEnding::NoPieces, result,
                                std::string(color_name(side)) + " has no pieces left [FMJD 7.2.2]"};
        return RulesVerdict{RuleEnding::Blocked, result,
                            std::string(color_name(side)) +
                                " has no legal move: all pieces are blocked [FMJD 7.2.3]"};
    }
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_VERDICT(V) \
    template std::optional<RulesVerdict> no_legal_move_verdict(const BasicPosition<V>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_VERDICT)
#undef DRAUGHTS_INSTANTIATE_VERDICT

RulesVerdict repetition_verdict(Color to_move, const std::vector<int>& plies) {
    std::string list;
    for (const int ply : plies) list += (list.empty() ? "" : ", ") + std::to_string(ply);
    return RulesVerdict{RuleEnding::ThreefoldRepetition, GameResult::Draw,
                        "threefold repetition: the same position with " +
                            std::string(color_name(to_move)) + " to move occurred after plies " +
                            list + " [FMJD 6.1]"};
}

std::optional<RulesVerdict> counted_draw_verdict(const DrawCounters& counters) {
    if (counters.reversible_plies >= kReversibleDrawPlies)
        return RulesVerdict{RuleEnding::TwentyFiveMoveRule, GameResult::Draw,
                            "25-move rule: 25 moves by each player with only kings moving and no "
                            "capture [FMJD 6.2]"};
    if (counters.rule == EndgameRule::SixteenMoves &&
        counters.endgame_plies >= kSixteenMoveDrawPlies)
        return RulesVerdict{RuleEnding::SixteenMoveRule, GameResult::Draw,
                            "16-move rule: 16 moves by each player with a lone king against "
                            "three pieces including a king [FMJD 6.3]"};
    if (counters.rule == EndgameRule::FiveMoves && counters.endgame_plies >= kFiveMoveDrawPlies)
        return RulesVerdict{RuleEnding::FiveMoveRule, GameResult::Draw,
                            "5-move rule: 5 moves by each player with a lone king against at "
                            "most two pieces including a king [FMJD 6.4]"};
    return std::nullopt;
}

namespace {

/// The RuleEnding of a rule a policy names: the FMJD rules the 100-square board has keep their
/// own values (and so their termination codes), every other one is the variant's.
RuleEnding ending_of(const CountedEnding& rule, RuleEnding otherwise) {
    if (&rule == &International::kKingsOnlyRule) return RuleEnding::TwentyFiveMoveRule;
    if (&rule == &International::kSixteenMoves) return RuleEnding::SixteenMoveRule;
    if (&rule == &International::kFiveMoves) return RuleEnding::FiveMoveRule;
    return otherwise;
}

}  // namespace

template <typename V>
std::optional<RulesVerdict> counted_draw_verdict(const VariantDrawCounters<V>& counters) {
    if (counters.reversible_plies >= V::kKingsOnlyRule.limit_plies)
        return RulesVerdict{ending_of(V::kKingsOnlyRule, RuleEnding::KingsOnlyRule),
                            GameResult::Draw, std::string(V::kKingsOnlyRule.text)};
    const CountedEnding* ending = counters.ending;
    if (ending != nullptr && counters.ending_plies >= ending->limit_plies)
        return RulesVerdict{ending_of(*ending, RuleEnding::CountedEnding), GameResult::Draw,
                            std::string(ending->text)};
    return std::nullopt;
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_COUNTED(V) \
    template std::optional<RulesVerdict> counted_draw_verdict(const VariantDrawCounters<V>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_COUNTED)
#undef DRAUGHTS_INSTANTIATE_COUNTED

}  // namespace draughts::rules
