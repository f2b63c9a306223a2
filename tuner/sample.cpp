#include "tuner/sample.hpp"

#include <array>
#include <string>
#include <utility>

namespace draughts::tuner {

Expected<Outcome> parse_outcome(std::string_view text) {
    static constexpr std::array<std::pair<std::string_view, Outcome>, 11> kTokens = {{
        {"1", Outcome::WhiteWin},
        {"1.0", Outcome::WhiteWin},
        {"2-0", Outcome::WhiteWin},
        {"1-0", Outcome::WhiteWin},
        {"0.5", Outcome::Draw},
        {"1-1", Outcome::Draw},
        {"1/2-1/2", Outcome::Draw},
        {"0", Outcome::BlackWin},
        {"0.0", Outcome::BlackWin},
        {"0-2", Outcome::BlackWin},
        {"0-1", Outcome::BlackWin},
    }};
    for (const auto& [token, outcome] : kTokens)
        if (text == token) return outcome;
    return make_error("unknown result '" + std::string(text) +
                      "' (expected 1, 0.5, 0 or 2-0, 1-1, 0-2)");
}

std::string_view format_outcome(Outcome outcome) {
    switch (outcome) {
        case Outcome::WhiteWin:
            return "1";
        case Outcome::Draw:
            return "0.5";
        case Outcome::BlackWin:
            return "0";
    }
    return "0.5";
}

}  // namespace draughts::tuner
