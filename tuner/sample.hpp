#pragma once
// One labelled position of a tuning data set (of any rules variant): the position as it occurred in
// a game, the game's final result from White's side, and optionally its ply number and the search
// score there.

#include <cstdint>
#include <optional>
#include <string_view>

#include "common/expected.hpp"
#include "rules/position.hpp"

namespace draughts::tuner {

/// Final result of a game from White's side, in half points (so that it packs into one byte).
enum class Outcome : std::uint8_t { BlackWin = 0, Draw = 1, WhiteWin = 2 };

/// White's score of an outcome: 0, 0.5 or 1 (the label R of the Texel loss).
constexpr double outcome_score(Outcome outcome) { return static_cast<int>(outcome) * 0.5; }

/// Reads a result: "1", "0.5", "0" (White's score), or the PDN tokens "2-0", "1-1", "0-2" and
/// "1-0", "1/2-1/2", "0-1". Anything else is an error.
Expected<Outcome> parse_outcome(std::string_view text);

/// The text form written to data files: "1", "0.5" or "0".
std::string_view format_outcome(Outcome outcome);

/// A labelled position of variant V. `score` is in engine units from White's point of view (like
/// the result), so that a data set never mixes points of view.
template <typename V>
struct BasicSample {
    rules::BasicPosition<V> position;
    Outcome result = Outcome::Draw;
    std::optional<int> ply;    ///< plies played since the start of the game
    std::optional<int> score;  ///< search score there, engine units, White's point of view

    friend bool operator==(const BasicSample&, const BasicSample&) = default;
};

/// A labelled position of international draughts.
using Sample = BasicSample<rules::International>;

}  // namespace draughts::tuner
