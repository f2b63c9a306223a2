#pragma once
// What makes two book positions the same when tests compare books: the pieces, the kings and the
// side to move, whatever moves reached them (a book holds each such position once).

#include <set>
#include <tuple>
#include <vector>

#include "harness/openings/opening.hpp"
#include "rules/position.hpp"

namespace draughts::testing {

using OpeningKey = std::tuple<rules::Bitboard, rules::Bitboard, rules::Bitboard, int>;

inline OpeningKey opening_key(const rules::Position& p) {
    return {p.white(), p.black(), p.kings(), static_cast<int>(p.side_to_move())};
}

inline std::set<OpeningKey> opening_keys(const std::vector<harness::Opening>& openings) {
    std::set<OpeningKey> keys;
    for (const harness::Opening& opening : openings) keys.insert(opening_key(opening.position));
    return keys;
}

}  // namespace draughts::testing
