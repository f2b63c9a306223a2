#pragma once
// Russian draughts (shashki) on the 64-square board, PDN GameType 25 (rules of the Russian
// draughts federation and the FMJD section 64; sources and articles in docs/variants.md).

#include <string_view>

#include "rules/board.hpp"

namespace draughts::rules {

/// Rules policy of Russian draughts: free choice among captures (a started capture must be
/// completed), a man reaching the far row during a capture is crowned at once and captures on as
/// a king, men capture backwards, flying kings, Turkish strike.
struct Russian {
    using Board = rules::Board<8>;  // 64 squares, 32 dark [RUS 1.1]
    static constexpr std::string_view kName = "russian";
    static constexpr int kGameType = 25;    // PDN 3.0 GameType table
    static constexpr int kMenPerSide = 12;  // [RUS 1.2]
    /// Any capture sequence may be chosen, but all of it must be played [RUS 2.4].
    static constexpr bool kMajorityRule = false;
    /// A man reaching the far row while capturing becomes a king and goes on as one [RUS 2.5].
    static constexpr bool kPromoteInCapture = true;
    static constexpr std::string_view kInitialFen = "W:W21-32:B1-12";
    /// 15 moves each with kings only, no man moved and nothing captured, draw [RUS 3.5].
    static constexpr int kKingsOnlyDrawPlies = 30;
};

}  // namespace draughts::rules
