#pragma once
// Retrograde analysis of one slice under the FMJD counting rules (egdb/counting.hpp): every
// position gets its Value (win/loss/draw and the plies its count must leave). The slices that
// its captures and promotions reach must be solved and held in the SliceTable already.

#include <cstdint>

#include "egdb/material.hpp"
#include "egdb/slice_table.hpp"

namespace draughts::egdb {

/// Counts of a solved slice.
struct SliceStats {
    std::uint64_t positions = 0;  ///< legal positions (indices whose men do not overlap)
    std::uint64_t wins = 0;       ///< won for the side to move
    std::uint64_t losses = 0;
    std::uint64_t draws = 0;
    int longest_win = 0;  ///< largest plies of a win
};

/// Solves `material` (canonical) in parallel with TBB and adds it to `table`. Blocks of men are
/// solved from the most advanced men to the least, so that a man move always leads to a solved
/// block; inside a block, where only quiet king moves stay, positions are settled in the order
/// of their plies (all losses in d plies, then the wins in d + 1 plies, ...), with each settled
/// position handed back to the positions that can move to it.
SliceStats solve_slice(const Material& material, SliceTable& table);

/// The counts of a slice's bytes.
SliceStats slice_stats(const std::vector<std::uint8_t>& bytes);

}  // namespace draughts::egdb
