#pragma once
// What a flying king sees along one diagonal, from tables of rays computed at compile time: one
// table lookup and a few bit operations instead of a loop of single steps. Internal to the rules
// core (capture search and bulk counting).

#include <array>
#include <bit>
#include <cassert>

#include "rules/bits.hpp"
#include "rules/board.hpp"

namespace draughts::rules::detail {

/// For every bit index of board B, the squares from there to the edge in direction Step (empty for
/// ghost bits). Built from rows and columns, so that it holds for the orthogonal steps too, whose
/// shifts would run from the end of one row onto the next.
template <typename B, int Step>
constexpr std::array<Bitboard, 64> make_rays() {
    std::array<Bitboard, 64> rays{};
    for (Square s = 1; s <= B::kNumSquares; ++s) {
        Bitboard ray = 0;
        for (int n = 1; B::square_after(s, Step, n) != 0; ++n)
            ray |= B::square_bit(B::square_after(s, Step, n));
        rays[static_cast<std::size_t>(B::bit_index(s))] = ray;
    }
    return rays;
}

template <typename B, int Step>
inline constexpr std::array<Bitboard, 64> kRays = make_rays<B, Step>();

/// Clears the highest set bit and returns its index.
constexpr int pop_msb(Bitboard& b) {
    assert(b != 0);
    const int index = 63 - std::countl_zero(b);
    b ^= Bitboard{1} << index;
    return index;
}

/// A king's view along one direction: the free squares it can slide to, and the first occupied
/// square (0 when the diagonal runs free to the edge).
struct RayView {
    Bitboard free;
    Bitboard blocker;
};

/// Looks from bit `index` of board B in direction Step. Bits along a ray grow with a positive step
/// and shrink with a negative one, so the nearest blocker is the lowest or the highest bit.
template <typename B, int Step>
[[gnu::always_inline]] inline RayView look(int index, Bitboard empty) {
    const Bitboard ray = kRays<B, Step>[static_cast<std::size_t>(index)];
    const Bitboard blockers = ray & ~empty;
    if constexpr (Step > 0) {
        // blockers ^ (blockers - 1): every bit up to the lowest blocker, all bits when none.
        return {ray & empty & (blockers ^ (blockers - 1)), blockers & (~blockers + 1)};
    } else {
        // Bits above the highest blocker; a shift by 0 (all bits) when there is none.
        const auto above = static_cast<unsigned>(64 - std::countl_zero(blockers));
        return {ray & empty & (~Bitboard{0} << above), std::bit_floor(blockers)};
    }
}

}  // namespace draughts::rules::detail
