#pragma once
// The numbering of the positions of one slice (one material, either side to move), compact and
// computable both ways. An index is, from most to least significant:
//
//   men block    the white men (on squares 6-50: a White man on 1-5 would be a king) and the
//                black men (on 1-45), each set numbered combinatorially; a block whose white and
//                black men share a square holds no positions
//   side         White or Black to move
//   kings        the white kings numbered among the squares the men leave free, then the black
//                kings among the squares left after them
//
// A block (one placement of the men) holds every king placement with both sides to move, so the
// quiet king moves, the only moves that keep both the material and the men, stay inside a block;
// a man move goes to another block of the slice, captures and promotions to other slices.

#include <array>
#include <cstdint>
#include <optional>

#include "egdb/material.hpp"
#include "rules/position.hpp"

namespace draughts::egdb {

/// The men of one block.
struct BlockMen {
    rules::Bitboard white = 0;
    rules::Bitboard black = 0;
};

/// Numbers the king placements of one block: kings stand on the squares the men leave free.
class BlockKings {
  public:
    BlockKings(const Material& material, const BlockMen& men);

    /// King placements of the block (per side to move).
    std::uint64_t count() const { return count_; }
    /// Number of a placement (white and black kings on free squares of this block).
    std::uint64_t number(rules::Bitboard white_kings, rules::Bitboard black_kings) const;
    /// The placement with number `n` < count(): {white kings, black kings}.
    std::array<rules::Bitboard, 2> kings(std::uint64_t n) const;

  private:
    int white_kings_;
    int black_kings_;
    rules::Bitboard free_;
    std::uint64_t black_count_;  ///< black king placements for each white one
    std::uint64_t count_;
};

/// The index of one slice; see the top of this file.
class SliceIndex {
  public:
    explicit SliceIndex(const Material& material);

    const Material& material() const { return material_; }
    /// Number of indices (positions, counting blocks whose men overlap).
    std::uint64_t size() const { return blocks_ * block_size_; }
    /// Number of men blocks.
    std::uint64_t blocks() const { return blocks_; }
    /// Indices per block: both sides to move times the king placements.
    std::uint64_t block_size() const { return block_size_; }
    std::uint64_t kings_per_block() const { return block_size_ / 2; }

    /// Index of `position`, which must have exactly this material.
    std::uint64_t index(const rules::Position& position) const;
    /// The position at `index` < size(); nullopt when the block's men overlap.
    std::optional<rules::Position> position(std::uint64_t index) const;

    /// The men of block `block` < blocks(); nullopt when they overlap.
    std::optional<BlockMen> block_men(std::uint64_t block) const;
    /// The block of a placement of the men.
    std::uint64_t block_of(const BlockMen& men) const;

  private:
    Material material_;
    std::uint64_t black_men_sets_;
    std::uint64_t blocks_;
    std::uint64_t block_size_;
};

/// How far the men of a block have advanced in all (each man 0 on its own back row to 8 one
/// row before promotion): a man move adds exactly one, so blocks of more advanced men are solved
/// first and blocks of equal advancement never reach one another.
int men_advancement(const BlockMen& men);

}  // namespace draughts::egdb
