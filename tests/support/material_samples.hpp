#pragma once
// Labelled samples whose best evaluation is known: quiet positions of random games, each with a
// search score (White's view) equal to its material balance, a man 1000 engine units and a king
// 3000. A trainer given them must learn the material balance.

#include <bit>
#include <cstdint>
#include <optional>

#include "tests/support/test_positions.hpp"
#include "tuner/dataset.hpp"

namespace draughts::tuner::test {

inline Dataset material_scored_dataset(int games, std::uint32_t seed) {
    Dataset data;
    for (const rules::Position& p : engine::test::random_quiet_positions(games, 150, seed)) {
        const int men =
            std::popcount(p.men(rules::Color::White)) - std::popcount(p.men(rules::Color::Black));
        const int kings = std::popcount(p.kings(rules::Color::White)) -
                          std::popcount(p.kings(rules::Color::Black));
        data.samples.push_back(Sample{p, Outcome::Draw, std::nullopt, 1000 * men + 3000 * kings});
    }
    return data;
}

}  // namespace draughts::tuner::test
