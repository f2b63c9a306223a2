#pragma once
// The game viewer's compact form of a game's moves. Each ply is two bytes: the origin square
// (1-50, or 1-32 on 64 squares), with kCrownsBit set when the man becomes a king, and the
// destination as its distance from the origin plus 50 (1-99), with the top bit set for a
// capture, which is followed by the number of captured pieces and their squares (each also as
// distance from the origin plus 50). The page's script applies these to its board without knowing
// the rules: the captured pieces and the crowning come from the rules core here, replaying the
// game under its own variant (the line's "variant").

#include <string>
#include <string_view>

#include "report/match_game.hpp"

namespace draughts::report {

/// Set in a ply's origin byte when the moving man is crowned (squares stay below 64).
inline constexpr int kCrownsBit = 0x40;

/// Replays `game` from its start position under its variant: fills encoded_moves, final_board
/// and replayed (the plies that replayed; a move that cannot be read or played ends the replay
/// there).
void replay_game(MatchGame& game);

/// Appends `value` as an unsigned LEB128 varint (7 bits a byte, low bits first).
void put_varint(std::string& out, std::uint64_t value);

/// Appends a signed value as a zigzag varint (0, -1, 1, -2, ... as 0, 1, 2, 3, ...).
void put_signed(std::string& out, std::int64_t value);

}  // namespace draughts::report
