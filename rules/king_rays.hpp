#pragma once
// What a flying king sees along one diagonal, from tables of rays computed at compile time: one
// table lookup and a few bit operations instead of a loop of single steps. Internal to the rules
// core (capture search and bulk counting).

#include <array>
#include <bit>
#include <cassert>

#include "rules/bits.hpp"

namespace draughts::rules::detail {

/// For every bit index of board B, the squares from there to the edge in direction Step (empty for
/// ghost bits). Built by stepping, so it follows whatever steps the board's layout uses.
template <typename B, int Step>
constexpr std::array<Bitboard, 64> make_rays() {
    std::array<Bitboard, 64> rays{};
    for (int index = 0; index < 64; ++index) {
        if ((B::kMask >> index & 1) == 0) continue;
        Bitboard ray = 0;
        for (Bitboard b = shift<Step>(Bitboard{1} << index) & B::kMask; b != 0;
             b = shift<Step>(b) & B::kMask)
            ray |= b;
        rays[static_cast<std::size_t>(index)] = ray;
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
