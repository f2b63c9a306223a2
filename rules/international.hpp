#pragma once
// International draughts on the 100-square board: the FMJD rules, PDN GameType 20. Every choice
// of the policy cites its article of the FMJD rules (docs/variants.md).

#include <string_view>

#include "rules/board.hpp"
#include "rules/counted_ending.hpp"

namespace draughts::rules {

/// Rules policy of international draughts: FMJD rules on the 10x10 board.
struct International {
    using Board = rules::Board<10>;  // [FMJD 2.1, 2.6]
    static constexpr std::string_view kName = "international";
    static constexpr int kGameType = 20;         // PDN 3.0 GameType table
    static constexpr int kMenPerSide = 20;       // [FMJD 3.3]
    static constexpr bool kMajorityRule = true;  // the most pieces must be taken [FMJD 4.13]
    static constexpr bool kPromoteInCapture =
        false;  // a man passing the far row stays a man [4.15]
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
