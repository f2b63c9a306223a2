#pragma once
// How the FMJD rules end a game, with the texts that game records quote. One place for them, so
// that the harness's referee and the engine's DXP session report rule endings in the same words.

#include <optional>
#include <string>
#include <vector>

#include "rules/color.hpp"
#include "rules/draw_rules.hpp"
#include "rules/game_result.hpp"
#include "rules/position.hpp"
#include "rules/variant_draw_rules.hpp"

namespace draughts::rules {

/// The rules that end a game, in the order in which they are checked after a ply.
enum class RuleEnding : unsigned char {
    NoPieces,             ///< the side to move has no pieces left: it loses [FMJD 7.2.2]
    Blocked,              ///< the side to move has pieces but no legal move: it loses [7.2.3]
    ThreefoldRepetition,  ///< same position, same side to move, third time [6.1]
    TwentyFiveMoveRule,   ///< 25 moves each with only kings moving and no capture [6.2]
    SixteenMoveRule,      ///< 16 moves each in lone king v three pieces with a king [6.3]
    FiveMoveRule,         ///< 5 moves each in lone king v at most two pieces with a king [6.4]
    // The 64-square variants' own counted rules; their texts come from the policies.
    KingsOnlyRule,  ///< the variant's kings-only count (20 moves [CBD 16], 15 moves [RUS 3.2])
    CountedEnding,  ///< a counted ending of the variant other than FMJD 6.3/6.4 [RUS 3.3, 3.4]
    FirstKing,      ///< breakthrough: the side that crowned the first king wins [BT 1]
};

/// The rules' decision that a game is over: which rule, the result, and a human-readable text
/// that names the rule and its FMJD article (e.g. "Black has no pieces left [FMJD 7.2.2]").
struct RulesVerdict {
    RuleEnding rule = RuleEnding::NoPieces;
    GameResult result = GameResult::Unfinished;
    std::string text;
};

/// The verdict when the side to move in `position` cannot move [FMJD 7.2.2, 7.2.3]; nullopt when
/// it can. It loses, except in antidraughts, where it wins [ANTI 1]; in breakthrough a king on
/// the board has already won for its side [BT 1] (defined for the variants of
/// rules/variant.hpp).
template <typename V>
std::optional<RulesVerdict> no_legal_move_verdict(const BasicPosition<V>& position);

/// Threefold repetition of a position with `to_move` to move, which occurred after `plies` (the
/// start position is ply 0).
RulesVerdict repetition_verdict(Color to_move, const std::vector<int>& plies);

/// The draw that the counters of the 25-, 16- and 5-move rules declare (checked in that order),
/// or nullopt when none does [FMJD 6.2-6.4].
std::optional<RulesVerdict> counted_draw_verdict(const DrawCounters& counters);

/// The draw that the counters of variant V declare, the kings-only rule first, in the policy's
/// words; the FMJD rules keep their own endings (a Brazilian 16-move draw is SixteenMoveRule),
/// the variant's others are KingsOnlyRule or CountedEnding (defined for the variants of
/// rules/variant.hpp).
template <typename V>
std::optional<RulesVerdict> counted_draw_verdict(const VariantDrawCounters<V>& counters);

}  // namespace draughts::rules
