#pragma once
// Counts written as text, as `draughts sprt` takes them: "W,D,L" for games and
// "LL,LD,WL+DD,WD,WW" (or "LL,LD,WL,DD,WD,WW") for pairs.

#include <string_view>

#include "common/expected.hpp"
#include "stats/counts.hpp"

namespace draughts::harness {

/// Parses "W,D,L": three non-negative integers separated by commas (spaces allowed).
Expected<Trinomial> parse_wdl(std::string_view text);
/// Parses five pair bins "LL,LD,WL+DD,WD,WW" or six "LL,LD,WL,DD,WD,WW".
Expected<Pentanomial> parse_pentanomial(std::string_view text);

}  // namespace draughts::harness
