#pragma once
// Brazilian draughts: the FMJD international rules played on the 64-square board, PDN GameType 26
// (Confederação Brasileira de Damas rules; sources and articles in docs/variants.md).

#include <string_view>

#include "rules/board.hpp"
#include "rules/counted_ending.hpp"
#include "rules/international.hpp"

namespace draughts::rules {

/// Rules policy of Brazilian draughts: majority capture, men capture backwards, flying kings,
/// Turkish strike, promotion only when the move ends on the far row.
struct Brazilian {
    using Board = rules::Board<8>;  // 64 squares, 32 dark [CBD 2]
    static constexpr std::string_view kName = "brazilian";
    static constexpr std::string_view kHubName = "brazilian";
    static constexpr int kGameType = 26;                   // PDN 3.0 GameType table
    static constexpr int kMenPerSide = 12;                 // [CBD 2]
    static constexpr Color kFirstToMove = Color::White;    // as [FMJD 3.3]
    static constexpr GameGoal kGoal = GameGoal::Standard;  // as [FMJD 7.2]
    static constexpr bool kMajorityRule = true;   // Lei da Maioria [CBD 12], as [FMJD 4.13]
    static constexpr bool kCaptureValue = false;  // kings count as one, as [FMJD 4.14]
    /// A man that only passes the far row during a capture is not promoted [CBD 13, FMJD 4.15].
    static constexpr bool kPromoteInCapture = false;
    static constexpr bool kMenCaptureBackward = true;   // as [FMJD 4.2]
    static constexpr bool kFlyingKings = true;          // as [FMJD 3.9, 4.3]
    static constexpr bool kOrthogonalCaptures = false;  // as [FMJD 4.2, 4.3]
    static constexpr bool kKingStopsBehindKing = false;
    static constexpr int kKingMoveLimit = 0;
    static constexpr std::string_view kInitialFen = "W:W21-32:B1-12";
    /// 20 successive king moves (each side) without capture or man move draw [CBD 16].
    static constexpr int kKingsOnlyDrawPlies = 40;
    static constexpr CountedEnding kKingsOnlyRule = {
        "20-move rule",
        "20-move rule: 20 moves by each player with only kings moving and no capture [CBD 16]",
        kKingsOnlyDrawPlies, false};
    /// The counted ending of a material configuration, or nullptr. The CBD summary names no
    /// counted endings; the FMJD rules, which CBD competitions follow with its own, count them as
    /// on the 100-square board [FMJD 6.3, 6.4] (docs/variants.md).
    static constexpr const CountedEnding* counted_ending(const MaterialCount& m) {
        return International::counted_ending(m);
    }
};

}  // namespace draughts::rules
