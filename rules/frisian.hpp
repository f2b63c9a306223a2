#pragma once
// Frisian draughts, PDN GameType 40: the 100-square game of the Frisian draughts association
// (Dambûn Frysk Spul; docs/variants.md#frisian-draughts). Men and kings also capture along rows
// and columns, the capture of the highest value must be played (a king worth less than two men
// but more than one, and of equal values a king captures), and a side that still has men may
// not move the same king more than three times in a row.

#include <string_view>

#include "rules/board.hpp"
#include "rules/counted_ending.hpp"
#include "rules/rule_switches.hpp"

namespace draughts::rules {

/// Rules policy of Frisian draughts [FRS 1-8].
struct Frisian {
    using Board = rules::Board<10>;  // [FRS 1]
    static constexpr std::string_view kName = "frisian";
    static constexpr std::string_view kHubName = "frisian";  // Scan's name [Scan 3.1 readme]
    static constexpr int kGameType = 40;                     // PDN GameType table
    static constexpr int kMenPerSide = 20;                   // [FRS 1]
    static constexpr Color kFirstToMove = Color::White;      // [FRS 1]
    static constexpr GameGoal kGoal = GameGoal::Standard;    // [FRS 8]
    /// The capture of the highest value must be played [FRS 5] ...
    static constexpr bool kMajorityRule = true;
    /// ... where a man counts 100 and a king 199 (n kings weigh more than 2n - 1 men and less
    /// than 2n), and of equal values a capture by a king comes first [FRS 5].
    static constexpr bool kCaptureValue = true;
    /// A man is crowned only when its move ends on the far row [FRS 3].
    static constexpr bool kPromoteInCapture = false;
    static constexpr bool kMenCaptureBackward = true;  // [FRS 4]
    static constexpr bool kFlyingKings = true;         // [FRS 2]
    /// Men and kings capture along rows and columns too: eight directions [FRS 4].
    static constexpr bool kOrthogonalCaptures = true;
    static constexpr bool kKingStopsBehindKing = false;
    /// A side with men may make at most three quiet moves in a row with the same king [FRS 6].
    static constexpr int kKingMoveLimit = 3;
    static constexpr std::string_view kInitialFen = "W:W31-50:B1-20";
    /// No count of king moves in the rules: repetition and the two counted endings draw [FRS 7].
    static constexpr CountedEnding kKingsOnlyRule = {"kings-only rule", "no kings-only rule",
                                                     kNoDrawLimit, false};
    static constexpr CountedEnding kTwoKingsAgainstOne = {
        "two kings against one",
        "two kings against a lone king: 7 moves by each player without winning [FRS 7]", 14, false};
    static constexpr CountedEnding kKingAgainstKing = {
        "king against king", "a king against a king: 2 moves by each player [FRS 7]", 4, false};

    /// The counted ending of a material configuration, or nullptr [FRS 7].
    static constexpr const CountedEnding* counted_ending(const MaterialCount& m) {
        if (m.lone_king(Color::White) && m.lone_king(Color::Black)) return &kKingAgainstKing;
        for (const Color lone : {Color::White, Color::Black}) {
            const Color other = opposite(lone);
            if (m.lone_king(lone) && m.pieces(other) == 2 && m.kings(other) == 2)
                return &kTwoKingsAgainstOne;
        }
        return nullptr;
    }
};

/// Rules policy of Frysk!: Frisian draughts from five men each on the back rows [FRYSK 1].
struct Frysk : Frisian {
    static constexpr std::string_view kName = "frysk";
    /// No Scan-family engine plays it; Hub engines that do are told the variant's own name.
    static constexpr std::string_view kHubName = "frysk";
    /// GameType 40 as Frisian: a Frysk! game is told apart by its Variant tag or its position.
    static constexpr int kMenPerSide = 5;
    static constexpr std::string_view kInitialFen = "W:W46-50:B1-5";
};

}  // namespace draughts::rules
