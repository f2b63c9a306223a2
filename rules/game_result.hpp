#pragma once
// The outcome of a game in international notation, shared by everything that ends games: the
// rules (rules/game_state.hpp), the harness's referee and the engine's protocol sessions.

#include <iosfwd>
#include <string_view>

#include "rules/color.hpp"

namespace draughts::rules {

/// Outcome of a game in international notation: 2-0, 0-2, 1-1, or * when unfinished.
enum class GameResult : unsigned char { WhiteWin, BlackWin, Draw, Unfinished };

/// "2-0", "0-2", "1-1" or "*": the FMJD's tokens, which name White's score first. The toolkit's
/// records use them in every variant.
std::string_view to_pdn_result(GameResult result);

/// The token a PDN file of a game whose first player is `first` gives the result. Where White
/// starts, the FMJD's (to_pdn_result); where Black does (English draughts, pool checkers), the
/// checkers programs' convention, which scores the first player first: "1-0" Black wins, "0-1"
/// White wins, "1/2-1/2" a draw [ENG PDN].
std::string_view pdn_result_token(GameResult result, Color first);

/// The result in which `winner` wins.
constexpr GameResult win_for(Color winner) {
    return winner == Color::White ? GameResult::WhiteWin : GameResult::BlackWin;
}

/// The PDN form, so that test failures print readable values.
std::ostream& operator<<(std::ostream& os, GameResult result);

}  // namespace draughts::rules
