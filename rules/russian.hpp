#pragma once
// Russian draughts (shashki) on the 64-square board, PDN GameType 25 (rules of the Russian
// draughts federation and the FMJD section 64; sources and articles in docs/variants.md).

#include <string_view>

#include "rules/board.hpp"
#include "rules/counted_ending.hpp"

namespace draughts::rules {

/// Rules policy of Russian draughts: free choice among captures (a started capture must be
/// completed), a man reaching the far row during a capture is crowned at once and captures on as
/// a king, men capture backwards, flying kings, Turkish strike.
struct Russian {
    using Board = rules::Board<8>;  // 64 squares, 32 dark [RUS 1.1]
    static constexpr std::string_view kName = "russian";
    static constexpr std::string_view kHubName = "russian";
    static constexpr int kGameType = 25;                   // PDN 3.0 GameType table
    static constexpr int kMenPerSide = 12;                 // [RUS 1.2]
    static constexpr Color kFirstToMove = Color::White;    // [RUS 1.2]
    static constexpr GameGoal kGoal = GameGoal::Standard;  // no move loses
    /// Any capture sequence may be chosen, but all of it must be played [RUS 2.4].
    static constexpr bool kMajorityRule = false;
    static constexpr bool kCaptureValue = false;
    /// A man reaching the far row while capturing becomes a king and goes on as one [RUS 2.5].
    static constexpr bool kPromoteInCapture = true;
    static constexpr bool kMenCaptureBackward = true;   // [RUS 2.2]
    static constexpr bool kFlyingKings = true;          // [RUS 2.1, 2.2]
    static constexpr bool kOrthogonalCaptures = false;  // [RUS 2.2]
    static constexpr bool kKingStopsBehindKing = false;
    static constexpr int kKingMoveLimit = 0;
    static constexpr std::string_view kInitialFen = "W:W21-32:B1-12";
    /// 15 moves each with kings only, no man moved and nothing captured, draw [RUS 3.2].
    static constexpr int kKingsOnlyDrawPlies = 30;
    static constexpr CountedEnding kKingsOnlyRule = {
        "15-move rule",
        "15-move rule: 15 moves by each player with only kings moving, no man moved and nothing "
        "captured [RUS 3.2]",
        kKingsOnlyDrawPlies, false};
    static constexpr CountedEnding kThreeKings = {
        "three kings against one",
        "three kings against a lone king: 15 moves by each player without taking it [RUS 3.3]", 30,
        false};
    static constexpr CountedEnding kFourFivePieces = {
        "4-5 piece ending",
        "4- and 5-piece ending with kings on both sides: 15 moves by each player without a "
        "capture or a promotion [RUS 3.4]",
        30, true};
    static constexpr CountedEnding kSixSevenPieces = {
        "6-7 piece ending",
        "6- and 7-piece ending with kings on both sides: 30 moves by each player without a "
        "capture or a promotion [RUS 3.4]",
        60, true};

    /// The counted ending of a material configuration, or nullptr [RUS 3.3, 3.4].
    static constexpr const CountedEnding* counted_ending(const MaterialCount& m) {
        for (const Color lone : {Color::White, Color::Black}) {
            const Color other = opposite(lone);
            if (m.lone_king(lone) && m.pieces(other) >= 3 && m.kings(other) == m.pieces(other))
                return &kThreeKings;
        }
        if (m.kings(Color::White) == 0 || m.kings(Color::Black) == 0) return nullptr;
        if (m.total() == 4 || m.total() == 5) return &kFourFivePieces;
        if (m.total() == 6 || m.total() == 7) return &kSixSevenPieces;
        return nullptr;
    }
};

}  // namespace draughts::rules
