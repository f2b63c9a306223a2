#pragma once
// Writes game records as PDN that other draughts software (and rules::read_pdn) can read.

#include <ctime>
#include <string>

#include "common/calendar.hpp"
#include "records/game_record.hpp"
#include "rules/pdn_writer.hpp"

namespace draughts::harness {

/// How to write a game.
struct PdnWriteOptions {
    bool comments = true;  ///< a comment after every move: "{+0.25/12 0.105s}" (score/depth time)
    int line_width = 79;   ///< movetext lines are wrapped before this many characters
};

/// One game as PDN: the tags Event, Site, Date, Round, White, Black, Result, GameType (the
/// variant's: "20", "26" Brazilian, "25" Russian), FEN (only when the game does not start from
/// the variant's initial position), TimeControl (or
/// WhiteTimeControl and BlackTimeControl when they differ), Termination (the stable code),
/// Opening (when set) and PlyCount; then the numbered movetext in short notation (long where the
/// short form is ambiguous; square numbers on every board) and the result; then an empty line.
/// Defined for the variants of rules/variant.hpp.
template <typename V>
std::string to_pdn(const BasicGameRecord<V>& record, const PdnWriteOptions& options = {});

/// The comment written after a move, without braces: score in men with depth, then the measured
/// time ("+0.25/12 0.105s", "0.002s" when nothing was reported).
template <typename V>
std::string move_comment(const BasicPlyRecord<V>& ply);

/// A tag value made safe for PDN (rules/pdn_writer.hpp, shared with every PDN writer).
using rules::pdn_tag_value;

}  // namespace draughts::harness
