#pragma once
// Killer draughts: international draughts with one change, the "killer rule" of its inventor,
// Christian Freeling (docs/variants.md#killer-draughts): a king whose capture ends by taking a
// king must stop on the square right behind it. PDN has no GameType of its own for it: games are
// GameType 20 with a Variant tag.

#include <string_view>

#include "rules/board.hpp"
#include "rules/counted_ending.hpp"
#include "rules/international.hpp"
#include "rules/rule_switches.hpp"

namespace draughts::rules {

/// Rules policy of Killer draughts: the FMJD rules and the killer rule [KIL 1].
struct Killer {
    using Board = rules::Board<10>;
    static constexpr std::string_view kName = "killer";
    static constexpr std::string_view kHubName = "killer";  // Scan's name [Scan 3.1 readme]
    static constexpr int kGameType = 20;  // none of its own: GameType 20 and a Variant tag
    static constexpr int kMenPerSide = 20;
    static constexpr Color kFirstToMove = Color::White;
    static constexpr GameGoal kGoal = GameGoal::Standard;
    static constexpr bool kMajorityRule = true;  // [FMJD 4.13]
    static constexpr bool kCaptureValue = false;
    static constexpr bool kPromoteInCapture = false;  // [FMJD 4.15]
    static constexpr bool kMenCaptureBackward = true;
    static constexpr bool kFlyingKings = true;
    static constexpr bool kOrthogonalCaptures = false;
    /// When the last piece a king takes is a king, it stops right behind it [KIL 1].
    static constexpr bool kKingStopsBehindKing = true;
    static constexpr int kKingMoveLimit = 0;
    static constexpr std::string_view kInitialFen = "W:W31-50:B1-20";
    /// The FMJD draw rules, unchanged [KIL 2]: the same objects, so that a Killer game drawn by
    /// them records the FMJD terminations.
    static constexpr const CountedEnding& kKingsOnlyRule = International::kKingsOnlyRule;
    static constexpr const CountedEnding* counted_ending(const MaterialCount& m) {
        return International::counted_ending(m);
    }
};

}  // namespace draughts::rules
