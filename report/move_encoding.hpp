#pragma once
// The game viewer's compact form of a game's moves. Each ply is two bytes: the origin square
// (1-50) and the destination as its distance from the origin plus 50 (1-99), with the top bit set
// for a capture, which is followed by the number of captured pieces and their squares (each also
// as distance from the origin plus 50). The page's script applies these to its board
// without knowing the rules: the captured pieces come from the rules core here.

#include <string>
#include <string_view>

#include "report/match_game.hpp"

namespace draughts::report {

/// Replays `game` from its start position: fills encoded_moves, final_position and replayed
/// (the plies that replayed; a move that cannot be read or played ends the replay there).
void replay_game(MatchGame& game);

/// Appends `value` as an unsigned LEB128 varint (7 bits a byte, low bits first).
void put_varint(std::string& out, std::uint64_t value);

/// Appends a signed value as a zigzag varint (0, -1, 1, -2, ... as 0, 1, 2, 3, ...).
void put_signed(std::string& out, std::int64_t value);

}  // namespace draughts::report
