#pragma once
// Draw claims. A DXP engine may end the game on its own turn with a draw claim (E, reason 2)
// instead of a move, as a player might say "this move repeats the position for the third time".
// The claim names no move, so it stands when any of the claimant's legal moves would end the
// game in a rule draw: a third occurrence [FMJD 6.1] or the 25-, 16- or 5-move rule [6.2-6.4]
// (on 64 squares the variant's own counted rules).

#include <optional>

#include "rules/game_state.hpp"
#include "rules/move.hpp"
#include "rules/rules_verdict.hpp"

namespace draughts::rules {

/// A move that supports a draw claim and the draw it leads to.
template <typename V>
struct BasicClaimableDraw {
    BasicMove<V> move;
    RulesVerdict verdict;
};

/// A claimable draw of international draughts.
using ClaimableDraw = BasicClaimableDraw<International>;

/// The first legal move of the side to move (in move generation order) after which the rules
/// declare the game drawn; nullopt when there is none, so that a claim would be unfounded.
/// Defined for the variants of rules/variant.hpp.
template <typename V>
std::optional<BasicClaimableDraw<V>> claimable_draw(const BasicGameState<V>& game);

}  // namespace draughts::rules
