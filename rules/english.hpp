#pragma once
// English draughts (checkers, "straight checkers"), PDN GameType 21: the 64-square game of the
// World Checkers/Draughts Federation (docs/variants.md#english-draughts). Black moves first, men
// move and capture forwards only, kings step one square, any capture may be chosen but all of it
// must be played.

#include <string_view>

#include "rules/board.hpp"
#include "rules/counted_ending.hpp"
#include "rules/rule_switches.hpp"

namespace draughts::rules {

/// Rules policy of English draughts [ENG 1-7].
struct English {
    using Board = rules::Board<8>;  // [ENG 1]
    static constexpr std::string_view kName = "english";
    /// No Scan-family engine plays it; Hub engines that do are told the variant's own name.
    static constexpr std::string_view kHubName = "english";
    static constexpr int kGameType = 21;                   // PDN GameType table
    static constexpr int kMenPerSide = 12;                 // Black 1-12, White 21-32 [ENG 1]
    static constexpr Color kFirstToMove = Color::Black;    // [ENG 2]
    static constexpr GameGoal kGoal = GameGoal::Standard;  // [ENG 6]
    /// Of several captures any may be chosen, but all of it must be played [ENG 4].
    static constexpr bool kMajorityRule = false;
    static constexpr bool kCaptureValue = false;
    /// A man reaching the king row ends its move there [ENG 5] (capturing forwards only, it could
    /// not go on anyway).
    static constexpr bool kPromoteInCapture = false;
    static constexpr bool kMenCaptureBackward = false;  // men move and capture forwards [ENG 3]
    static constexpr bool kFlyingKings = false;         // kings step one square [ENG 3]
    static constexpr bool kOrthogonalCaptures = false;
    static constexpr bool kKingStopsBehindKing = false;
    static constexpr int kKingMoveLimit = 0;
    static constexpr std::string_view kInitialFen = "B:W21-32:B1-12";
    /// A draw when neither side has moved a man nor taken a piece in its last 40 moves [ENG 7]:
    /// the kings-only count of the other variants, with men on the board or not.
    static constexpr CountedEnding kKingsOnlyRule = {
        "40-move rule",
        "40-move rule: 40 moves by each player without a man moved or a piece taken [ENG 7]", 80,
        false};
    /// No counted endings [ENG 7].
    static constexpr const CountedEnding* counted_ending(const MaterialCount&) { return nullptr; }
};

}  // namespace draughts::rules
