#pragma once
// The draw rules of any variant that depend on the course of the game, as counters carried from
// ply to ply: the kings-only rule and the counted endings that the variant's policy names
// (V::kKingsOnlyRule, V::counted_ending). Threefold repetition is GameState's business. For
// international draughts these counters agree ply for ply with DrawCounters (draw_rules.hpp),
// which the engine, the endgame databases and the referee use today; the harness will use these
// for the 64-square games.

#include <optional>
#include <string_view>

#include "rules/counted_ending.hpp"
#include "rules/position.hpp"

namespace draughts::rules {

/// A draw declared by a counted rule: its name and the verdict's text with the article.
struct CountedDraw {
    std::string_view rule;
    std::string_view text;
};

/// Counters of the draw rules of variant V at one position of a game.
template <typename V>
struct VariantDrawCounters {
    /// Plies since the last man move or capture (the kings-only rule).
    int reversible_plies = 0;
    /// The counted ending the position is in, or nullptr.
    const CountedEnding* ending = nullptr;
    /// Material when the ending's count (re)started, for endings counted per material.
    MaterialCount material{};
    /// Plies since the count of `ending` started.
    int ending_plies = 0;

    /// Counters at the first known position of a game: a game that starts in a counted ending
    /// counts from its start, as if the configuration had just been created.
    static VariantDrawCounters at_start(const BasicPosition<V>& position) {
        VariantDrawCounters out;
        out.material = material_of(position);
        out.ending = V::counted_ending(out.material);
        return out;
    }

    /// Counters after the ply that turned `before` into `after`. A ply is reversible when no man
    /// moved and nothing was captured; an ending's count goes on while the position stays in it
    /// (and, for endings counted per material, while the material does not change).
    VariantDrawCounters next(const BasicPosition<V>& before, const BasicPosition<V>& after) const {
        VariantDrawCounters out;
        const bool reversible = before.men() == after.men() &&
                                popcount(before.occupied()) == popcount(after.occupied());
        out.reversible_plies = reversible ? reversible_plies + 1 : 0;
        out.material = material_of(after);
        out.ending = V::counted_ending(out.material);
        const bool same_count = out.ending != nullptr && out.ending == ending &&
                                (!out.ending->per_material || out.material == material);
        out.ending_plies = same_count ? ending_plies + 1 : 0;
        return out;
    }

    /// The draw the counters declare at this position, the kings-only rule first; nullopt when
    /// none does.
    std::optional<CountedDraw> draw() const {
        if (reversible_plies >= V::kKingsOnlyRule.limit_plies)
            return CountedDraw{V::kKingsOnlyRule.name, V::kKingsOnlyRule.text};
        if (ending != nullptr && ending_plies >= ending->limit_plies)
            return CountedDraw{ending->name, ending->text};
        return std::nullopt;
    }
};

}  // namespace draughts::rules
