#pragma once
// The pieces of a draw rule that a variant's policy names: material counts, and the counted
// endings ("16-move rule" and the like) with their limits and texts. Kept apart from the
// policies so that each policy file only lists its own endings.

#include <string_view>

#include "rules/bits.hpp"
#include "rules/color.hpp"

namespace draughts::rules {

/// Men and kings of each side: what the counted endgame rules look at.
struct MaterialCount {
    int white_men = 0;
    int white_kings = 0;
    int black_men = 0;
    int black_kings = 0;

    constexpr int pieces(Color c) const {
        return c == Color::White ? white_men + white_kings : black_men + black_kings;
    }
    constexpr int kings(Color c) const { return c == Color::White ? white_kings : black_kings; }
    constexpr int total() const { return pieces(Color::White) + pieces(Color::Black); }
    /// True when side c has a single piece, a king.
    constexpr bool lone_king(Color c) const { return pieces(c) == 1 && kings(c) == 1; }
    friend constexpr bool operator==(const MaterialCount&, const MaterialCount&) = default;
};

/// A counted draw rule: when the game stays in the ending for `limit_plies` plies, it is drawn.
/// The count starts with the ply that created the ending; where `per_material` it starts again
/// whenever the material changes (a capture or a promotion), otherwise it goes on as long as the
/// position stays in the same ending.
struct CountedEnding {
    std::string_view name;
    std::string_view text;  ///< the verdict's words, with the article of the rule
    int limit_plies = 0;
    bool per_material = false;
};

/// The material of a position (anything with white(), black() and kings() bitboards).
template <typename P>
constexpr MaterialCount material_of(const P& position) {
    return {popcount(position.white() & ~position.kings()),
            popcount(position.white() & position.kings()),
            popcount(position.black() & ~position.kings()),
            popcount(position.black() & position.kings())};
}

}  // namespace draughts::rules
