#pragma once
// Antidraughts (losing draughts, giveaway): international draughts in which a player wins by
// having no move, having lost or blocked all his pieces (docs/variants.md#antidraughts). Scan
// calls it "losing"; lidraughts writes PDN GameType 98.

#include <string_view>

#include "rules/board.hpp"
#include "rules/counted_ending.hpp"
#include "rules/international.hpp"
#include "rules/rule_switches.hpp"

namespace draughts::rules {

/// Rules policy of antidraughts: the FMJD rules with the goal reversed [ANTI 1].
struct Antidraughts {
    using Board = rules::Board<10>;
    static constexpr std::string_view kName = "antidraughts";
    static constexpr std::string_view kHubName = "losing";  // Scan's name [Scan 3.1 readme]
    static constexpr int kGameType = 98;                    // lidraughts [ANTI 2]
    static constexpr int kMenPerSide = 20;
    static constexpr Color kFirstToMove = Color::White;
    /// The side to move without a legal move wins [ANTI 1].
    static constexpr GameGoal kGoal = GameGoal::Losing;
    static constexpr bool kMajorityRule = true;  // [FMJD 4.13]
    static constexpr bool kCaptureValue = false;
    static constexpr bool kPromoteInCapture = false;  // [FMJD 4.15]
    static constexpr bool kMenCaptureBackward = true;
    static constexpr bool kFlyingKings = true;
    static constexpr bool kOrthogonalCaptures = false;
    static constexpr bool kKingStopsBehindKing = false;
    static constexpr int kKingMoveLimit = 0;
    static constexpr std::string_view kInitialFen = "W:W31-50:B1-20";
    /// The FMJD draw rules [ANTI 2]: the same objects, so that their terminations are recorded.
    static constexpr const CountedEnding& kKingsOnlyRule = International::kKingsOnlyRule;
    static constexpr const CountedEnding* counted_ending(const MaterialCount& m) {
        return International::counted_ending(m);
    }
};

}  // namespace draughts::rules
