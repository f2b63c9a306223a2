#pragma once
// How a game ended: the result, and the exact reason as a stable machine-readable code (for JSON
// lines, PDN Termination tags and statistics) plus the category that says whether a rule, a
// forfeit, an adjudication or an abort ended it.

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "rules/game_result.hpp"
#include "rules/rules_verdict.hpp"

namespace draughts::harness {

/// Outcome of a game (2-0, 0-2, 1-1 or *): the rules' type, shared with the engine's sessions.
using GameResult = rules::GameResult;
using rules::to_pdn_result;
using rules::win_for;

/// The reason a game ended. Codes (see termination_code) are stable: tools parse them.
enum class Termination : unsigned char {
    // Rule-based ends [FMJD 6, 7.2.2, 7.2.3].
    NoPieces,             ///< the side to move has no pieces left: it loses (antidraughts: wins)
    Blocked,              ///< the side to move has pieces but no legal move: likewise
    ThreefoldRepetition,  ///< same position, same side to move, third time [6.1]
    TwentyFiveMoveRule,   ///< 25 moves each with only kings moving and no capture [6.2]
    SixteenMoveRule,      ///< 16 moves each in lone king v three pieces with a king [6.3]
    FiveMoveRule,         ///< 5 moves each in lone king v at most two pieces with a king [6.4]
    /// The kings-only rule of a 64-square variant (20 moves each [CBD 16], 15 [RUS 3.2]); the
    /// record's text names the variant's rule and article.
    KingsOnlyRule,
    /// A counted ending of a 64-square variant that FMJD 6.3/6.4 do not cover [RUS 3.3, 3.4].
    CountedEnding,
    /// Breakthrough: the side that crowned the first king wins [BT 1].
    FirstKing,
    // A player's own decision on its turn (DXP's E).
    Resignation,  ///< the player resigned: it loses [7.2.1]
    DrawClaim,    ///< the player claimed a draw that a draw rule allows
    // Forfeits: a player that breaks the rules or the protocol loses [7.2.4], or oversteps time.
    TimeForfeit,
    IllegalMove,
    AmbiguousMove,
    MalformedReply,
    NoMove,
    Crash,
    Disconnect,
    InvalidDrawClaim,  ///< the player stopped with a draw claim that no draw rule allows
    // User adjudications: never reported as rule draws [7.3.1 is replaced by these].
    MaxLength,
    ScoreDraw,
    ScoreResign,
    EgdbWin,   ///< the endgame database guarantees a win under the FMJD rules
    EgdbDraw,  ///< the endgame database guarantees a draw under the FMJD rules
    // Stopped from outside (user interrupt, tournament abort); the result is "*".
    Aborted,
};

/// Which kind of event ended the game.
enum class TerminationCategory : unsigned char { Rule, Forfeit, Adjudication, Aborted };

/// Stable code: "no_pieces", "blocked", "threefold_repetition", "25_move_rule", "16_move_rule",
/// "5_move_rule", "kings_only_rule", "counted_ending", "first_king", "resignation",
/// "draw_claim" (rules);
/// "time_forfeit", "illegal_move", "ambiguous_move", "malformed_reply", "no_move", "crash",
/// "disconnect", "invalid_draw_claim" (forfeits); "max_length", "score_draw", "score_resign",
/// "egdb_win", "egdb_draw" (adjudications); "aborted".
std::string_view termination_code(Termination termination);
/// Inverse of termination_code; nullopt for an unknown code.
std::optional<Termination> termination_from_code(std::string_view code);
TerminationCategory category_of(Termination termination);
/// "rule", "forfeit", "adjudication" or "aborted".
std::string_view category_name(TerminationCategory category);

/// The code as stream form, so that test failures print readable values.
std::ostream& operator<<(std::ostream& os, Termination termination);

/// The end of a game: result, reason and a human-readable explanation.
struct GameEnd {
    GameResult result = GameResult::Unfinished;
    Termination termination = Termination::Aborted;
    std::string text;  ///< e.g. "Black has no legal move (all pieces blocked) [FMJD 7.2.3]"
};

/// The termination of the rule that ended a game.
Termination termination_of(rules::RuleEnding rule);
/// The end of a game that the rules decided, in the rules' own words.
GameEnd game_end_of(const rules::RulesVerdict& verdict);

}  // namespace draughts::harness
