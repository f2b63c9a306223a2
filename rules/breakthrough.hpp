#pragma once
// Breakthrough draughts: international draughts in which the first player to crown a king wins
// (docs/variants.md#breakthrough). Scan calls it "bt"; lidraughts writes PDN GameType 96.

#include <string_view>

#include "rules/board.hpp"
#include "rules/counted_ending.hpp"
#include "rules/rule_switches.hpp"

namespace draughts::rules {

/// Rules policy of breakthrough draughts: the FMJD move rules, won by the first king [BT 1].
struct Breakthrough {
    using Board = rules::Board<10>;
    static constexpr std::string_view kName = "breakthrough";
    static constexpr std::string_view kHubName = "bt";  // Scan's name [Scan 3.1 readme]
    static constexpr int kGameType = 96;                // lidraughts [BT 3]
    static constexpr int kMenPerSide = 20;
    static constexpr Color kFirstToMove = Color::White;
    /// The first king wins; a side without a move loses as in the FMJD rules [BT 1, 2].
    static constexpr GameGoal kGoal = GameGoal::FirstKing;
    static constexpr bool kMajorityRule = true;  // [FMJD 4.13]
    static constexpr bool kCaptureValue = false;
    static constexpr bool kPromoteInCapture = false;  // [FMJD 4.15]
    static constexpr bool kMenCaptureBackward = true;
    static constexpr bool kFlyingKings = true;
    static constexpr bool kOrthogonalCaptures = false;
    static constexpr bool kKingStopsBehindKing = false;
    static constexpr int kKingMoveLimit = 0;
    static constexpr std::string_view kInitialFen = "W:W31-50:B1-20";
    /// No draw rule counts: the game ends with the first king, and men alone never repeat a
    /// position [BT 3].
    static constexpr CountedEnding kKingsOnlyRule = {"kings-only rule", "no kings-only rule",
                                                     kNoDrawLimit, false};
    static constexpr const CountedEnding* counted_ending(const MaterialCount&) { return nullptr; }
};

}  // namespace draughts::rules
