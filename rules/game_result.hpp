#pragma once
// The outcome of a game in international notation, shared by everything that ends games: the
// rules (rules/game_state.hpp), the harness's referee and the engine's protocol sessions.

#include <iosfwd>
#include <string_view>

#include "rules/color.hpp"

namespace draughts::rules {

/// Outcome of a game in international notation: 2-0, 0-2, 1-1, or * when unfinished.
enum class GameResult : unsigned char { WhiteWin, BlackWin, Draw, Unfinished };

/// "2-0", "0-2", "1-1" or "*".
std::string_view to_pdn_result(GameResult result);

/// The result in which `winner` wins.
constexpr GameResult win_for(Color winner) {
    return winner == Color::White ? GameResult::WhiteWin : GameResult::BlackWin;
}

/// The PDN form, so that test failures print readable values.
std::ostream& operator<<(std::ostream& os, GameResult result);

}  // namespace draughts::rules
