#pragma once
// Pool checkers (American pool), PDN GameType 23: the 64-square game of the American Pool
// Checker Association (docs/variants.md#pool-checkers). Black moves first, men capture backwards
// too, kings fly, any capture may be chosen but all of it must be played, and a man is crowned
// only when its move ends on the far row.

#include <string_view>

#include "rules/board.hpp"
#include "rules/counted_ending.hpp"
#include "rules/rule_switches.hpp"

namespace draughts::rules {

/// Rules policy of pool checkers [POOL 1-7].
struct Pool {
    using Board = rules::Board<8>;  // [POOL 1]
    static constexpr std::string_view kName = "pool";
    static constexpr std::string_view kHubName = "pool";
    static constexpr int kGameType = 23;                   // PDN GameType table
    static constexpr int kMenPerSide = 12;                 // Black 1-12, White 21-32 [POOL 1]
    static constexpr Color kFirstToMove = Color::Black;    // [POOL 2]
    static constexpr GameGoal kGoal = GameGoal::Standard;  // [POOL 6]
    /// Any capture may be chosen, even one taking fewer pieces, but all of it must be played
    /// [POOL 4].
    static constexpr bool kMajorityRule = false;
    static constexpr bool kCaptureValue = false;
    /// A man that reaches the far row capturing and can jump on backwards must, and stays a man;
    /// it is crowned only if its move ends there [POOL 5].
    static constexpr bool kPromoteInCapture = false;
    static constexpr bool kMenCaptureBackward = true;  // [POOL 3]
    static constexpr bool kFlyingKings = true;         // [POOL 4]
    static constexpr bool kOrthogonalCaptures = false;
    static constexpr bool kKingStopsBehindKing = false;
    static constexpr int kKingMoveLimit = 0;
    static constexpr std::string_view kInitialFen = "B:W21-32:B1-12";
    /// No count of king moves in the APCA rules [POOL 7].
    static constexpr CountedEnding kKingsOnlyRule = {"kings-only rule", "no kings-only rule",
                                                     kNoDrawLimit, false};
    static constexpr CountedEnding kThreeKings = {
        "three kings against one",
        "three kings against a lone king: 13 moves by the stronger side without winning [POOL 7]",
        26, false};

    /// The counted ending of a material configuration, or nullptr [POOL 7].
    static constexpr const CountedEnding* counted_ending(const MaterialCount& m) {
        for (const Color lone : {Color::White, Color::Black}) {
            const Color other = opposite(lone);
            if (m.lone_king(lone) && m.pieces(other) == 3 && m.kings(other) == 3)
                return &kThreeKings;
        }
        return nullptr;
    }
};

}  // namespace draughts::rules
