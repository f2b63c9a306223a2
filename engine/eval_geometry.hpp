#pragma once
// The square sets of the evaluation on a board B, defined from rows and columns so that every
// board size gets its own (rules/board.hpp numbers the squares). All from White's point of view:
// Black's features are computed on the board turned by 180 degrees (rotate()).

#include <array>
#include <cstddef>

#include "rules/board.hpp"

// PEXT where the processor has it in hardware: AMD processors before Zen 3 emulate it in
// microcode, tens to hundreds of cycles, slower than the shifts it replaces.
#if defined(__BMI2__) && !defined(__znver1__) && !defined(__znver2__) && !defined(__bdver4__) && \
    !defined(__bdver3__) && !defined(__bdver2__) && !defined(__bdver1__)
#define DRAUGHTS_FAST_PEXT 1
#include <immintrin.h>
#endif

namespace draughts::engine {

/// Compile-time geometry of board B for the evaluation: advancement, zones, diagonals, the 180
/// degree rotation and the bit offsets of the 4x4 pattern regions.
template <typename B>
struct EvalGeometry {
    static constexpr int kSize = B::kSize;
    /// Highest advancement a man can have before it is promoted.
    static constexpr int kLastManRow = kSize - 2;

    /// How far a White man on `square` has advanced: 0 on its back row, kSize - 1 on the
    /// promotion row.
    static constexpr int advancement(rules::Square square) { return kSize - 1 - B::row_of(square); }

    /// Builds the set of squares satisfying a predicate.
    template <typename Predicate>
    static constexpr rules::Bitboard mask_where(Predicate predicate) {
        rules::Bitboard mask = 0;
        for (rules::Square s = 1; s <= B::kNumSquares; ++s)
            if (predicate(s)) mask |= B::square_bit(s);
        return mask;
    }

    /// Squares that have a neighbour in the diagonal direction (dr, dc).
    static constexpr rules::Bitboard has_neighbour(int dr, int dc) {
        return mask_where([=](rules::Square s) {
            return B::square_at(B::row_of(s) + dr, B::column_of(s) + dc) != 0;
        });
    }

    /// Reverses the bit order of a 64-bit word.
    static constexpr rules::Bitboard reverse_bits(rules::Bitboard x) {
        x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
        x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
        x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
        return __builtin_bswap64(x);
    }

    /// The board turned by 180 degrees (square s goes to kNumSquares + 1 - s): the padded layout
    /// is symmetric, so bit b goes to (last bit) - b, ghost bits to ghost bits.
    static constexpr int kLastBit = B::bit_index(B::kNumSquares);
    static constexpr rules::Bitboard rotate(rules::Bitboard b) {
        return reverse_bits(b) >> (63 - kLastBit);
    }

    static constexpr rules::Bitboard kHasUpLeft = has_neighbour(-1, -1);
    static constexpr rules::Bitboard kHasUpRight = has_neighbour(-1, 1);
    static constexpr rules::Bitboard kHasDownLeft = has_neighbour(1, -1);
    static constexpr rules::Bitboard kHasDownRight = has_neighbour(1, 1);

    /// The two middle rows without their two outer columns on each side (22-24 and 27-29 on
    /// 10x10).
    static constexpr rules::Bitboard kCentre = mask_where([](rules::Square s) {
        const int row = B::row_of(s);
        const int column = B::column_of(s);
        return (row == kSize / 2 - 1 || row == kSize / 2) && column >= 2 && column <= kSize - 3;
    });
    /// The two outer columns of each wing, from the third row to four rows short of the far one.
    static constexpr rules::Bitboard kFlank = mask_where([](rules::Square s) {
        const int column = B::column_of(s);
        const int a = advancement(s);
        return (column <= 1 || column >= kSize - 2) && a >= 2 && a <= kSize - 4;
    });
    static constexpr rules::Bitboard kLeftHalf =
        mask_where([](rules::Square s) { return B::column_of(s) < kSize / 2; });
    static constexpr rules::Bitboard kRightHalf =
        mask_where([](rules::Square s) { return B::column_of(s) >= kSize / 2; });
    static constexpr rules::Bitboard kBackRow =
        mask_where([](rules::Square s) { return advancement(s) == 0; });
    /// The opponent's half short of its last two rows (rows 6-8 from the own side on 10x10).
    static constexpr rules::Bitboard kOutpostZone = mask_where(
        [](rules::Square s) { return advancement(s) >= kSize / 2 && advancement(s) <= kSize - 3; });
    /// The long diagonal from White's left corner (46-5 on 10x10, a1-h8 on 8x8).
    static constexpr rules::Bitboard kMainDiagonal =
        mask_where([](rules::Square s) { return B::row_of(s) + B::column_of(s) == kSize - 1; });

    /// Squares at least `a` rows advanced, a = 1 .. kLastManRow; the tempo count is the sum of
    /// these popcounts.
    static constexpr std::size_t kAdvancementSteps = static_cast<std::size_t>(kLastManRow) + 1;
    static constexpr std::array<rules::Bitboard, kAdvancementSteps> make_advanced_at_least() {
        std::array<rules::Bitboard, kAdvancementSteps> masks{};
        for (int a = 1; a <= kLastManRow; ++a)
            masks[static_cast<std::size_t>(a)] =
                mask_where([=](rules::Square s) { return advancement(s) >= a; });
        return masks;
    }
    static constexpr auto kAdvancedAtLeast = make_advanced_at_least();

    /// For every bit index, the squares a White man there would still have to pass on its way
    /// to promotion, widening by one column per row: when none of them is occupied no piece can
    /// stop it in time except a king.
    static constexpr std::array<rules::Bitboard, 64> make_promotion_cones() {
        std::array<rules::Bitboard, 64> cones{};
        for (rules::Square s = 1; s <= B::kNumSquares; ++s) {
            rules::Bitboard cone = 0;
            const int row = B::row_of(s);
            const int column = B::column_of(s);
            for (int k = 1; k <= row; ++k)
                for (int dc = -k; dc <= k; ++dc)
                    if (const rules::Square t = B::square_at(row - k, column + dc); t != 0)
                        cone |= B::square_bit(t);
            cones[static_cast<std::size_t>(B::bit_index(s))] = cone;
        }
        return cones;
    }
    static constexpr std::array<rules::Bitboard, 64> kPromotionCones = make_promotion_cones();

    /// Base bit of the 4x4 region whose top row is `row` (even) and left column is `column`
    /// (even): its 8 playable squares sit at bit offsets 0, 1, h, h + 1, p, p + 1, p + h,
    /// p + h + 1 from it, with h squares per row and p bits per pair of rows.
    static constexpr int region_base_bit(int row, int column) {
        return (row / 2) * B::kBitsPerRowPair + column / 2;
    }
    /// The region's 8 squares of `b` as an 8-bit set, in the order of the offsets above.
    static unsigned gather_region(rules::Bitboard b, int base) {
#if defined(DRAUGHTS_FAST_PEXT)
        // The offsets increase, so extracting the region's bits in bit order gives the same set
        // in one instruction (the pattern evaluation does 64 of these per position).
        return static_cast<unsigned>(_pext_u64(b, kRegionOffsets << base));
#else
        return gather_region_portable(b, base);
#endif
    }
    /// gather_region with shifts and masks, on any processor.
    static unsigned gather_region_portable(rules::Bitboard b, int base) {
        constexpr int h = B::kSquaresPerRow;
        constexpr int p = B::kBitsPerRowPair;
        const rules::Bitboard x = b >> base;
        return static_cast<unsigned>((x & 0x3) | ((x >> (h - 2)) & 0xC) | ((x >> (p - 4)) & 0x30) |
                                     ((x >> (p + h - 6)) & 0xC0));
    }
    /// The bits of the region at base bit 0.
    static constexpr rules::Bitboard kRegionOffsets =
        rules::Bitboard{0x3} | (rules::Bitboard{0x3} << B::kSquaresPerRow) |
        (rules::Bitboard{0x3} << B::kBitsPerRowPair) |
        (rules::Bitboard{0x3} << (B::kBitsPerRowPair + B::kSquaresPerRow));
};

}  // namespace draughts::engine
