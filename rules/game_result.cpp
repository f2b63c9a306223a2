#include "rules/game_result.hpp"

#include <ostream>

namespace draughts::rules {

std::string_view to_pdn_result(GameResult result) {
    switch (result) {
        case GameResult::WhiteWin:
            return "2-0";
        case GameResult::BlackWin:
            return "0-2";
        case GameResult::Draw:
            return "1-1";
        case GameResult::Unfinished:
            break;
    }
    return "*";
}

std::string_view pdn_result_token(GameResult result, Color first) {
    if (first == Color::White) return to_pdn_result(result);
    switch (result) {
        case GameResult::WhiteWin:
            return "0-1";
        case GameResult::BlackWin:
            return "1-0";
        case GameResult::Draw:
            return "1/2-1/2";
        case GameResult::Unfinished:
            break;
    }
    return "*";
}

std::ostream& operator<<(std::ostream& os, GameResult result) {
    return os << to_pdn_result(result);
}

}  // namespace draughts::rules
