#pragma once
// International draughts on the 100-square board: the FMJD rules, PDN GameType 20. Every choice
// of the policy cites its article of the FMJD rules (docs/variants.md).

#include <string_view>

#include "rules/board.hpp"
#include "rules/counted_ending.hpp"
#include "rules/rule_switches.hpp"

namespace draughts::rules {

/// Rules policy of international draughts: FMJD rules on the 10x10 board.
struct International {
    using Board = rules::Board<10>;  // [FMJD 2.1, 2.6]
    static constexpr std::string_view kName = "international";
    /// The Hub protocol's name, as Scan declares it ("normal" [Scan 3.1 readme]).
    static constexpr std::string_view kHubName = "normal";
    static constexpr int kGameType = 20;                   // PDN 3.0 GameType table
    static constexpr int kMenPerSide = 20;                 // [FMJD 3.3]
    static constexpr Color kFirstToMove = Color::White;    // [FMJD 3.3]
    static constexpr GameGoal kGoal = GameGoal::Standard;  // [FMJD 7.2.2, 7.2.3]
    static constexpr bool kMajorityRule = true;  // the most pieces must be taken [FMJD 4.13]
    /// The majority counts pieces, a king as one [FMJD 4.14] (Frisian counts their value).
    static constexpr bool kCaptureValue = false;
    static constexpr bool kPromoteInCapture =
        false;  // a man passing the far row stays a man [4.15]
    static constexpr bool kMenCaptureBackward = true;   // [FMJD 4.2]
    static constexpr bool kFlyingKings = true;          // [FMJD 3.9, 4.3]
    static constexpr bool kOrthogonalCaptures = false;  // diagonals only [FMJD 4.2, 4.3]
    /// A king may stop on any free square behind the last piece it takes [FMJD 4.3] (Killer
    /// draughts makes it stop right behind a king).
    static constexpr bool kKingStopsBehindKing = false;
    /// Consecutive quiet moves one king may make while its side has men: no limit (Frisian 3).
    static constexpr int kKingMoveLimit = 0;
    static constexpr std::string_view kInitialFen = "W:W31-50:B1-20";
    /// Plies of king moves without capture or man move that draw [FMJD 6.2: 25 moves each].
    static constexpr int kKingsOnlyDrawPlies = 50;
    static constexpr CountedEnding kKingsOnlyRule = {
        "25-move rule",
        "25-move rule: 25 moves by each player with only kings moving and no capture [FMJD 6.2]",
        kKingsOnlyDrawPlies, false};
    static constexpr CountedEnding kSixteenMoves = {
        "16-move rule",
        "16-move rule: 16 moves by each player with a lone king against three pieces including a "
        "king [FMJD 6.3]",
        32, false};
    static constexpr CountedEnding kFiveMoves = {
        "5-move rule",
        "5-move rule: 5 moves by each player with a lone king against at most two pieces "
        "including a king [FMJD 6.4]",
        10, false};

    /// The counted ending of a material configuration, or nullptr [FMJD 6.3, 6.4].
    static constexpr const CountedEnding* counted_ending(const MaterialCount& m) {
        for (const Color lone : {Color::White, Color::Black}) {
            const Color other = opposite(lone);
            if (!m.lone_king(lone) || m.kings(other) == 0) continue;
            if (m.pieces(other) == 3) return &kSixteenMoves;
            if (m.pieces(other) <= 2) return &kFiveMoves;
        }
        return nullptr;
    }
};

}  // namespace draughts::rules
