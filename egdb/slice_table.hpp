#pragma once
// Solved slices held in memory while the database is built (and checked): the stored byte of
// every position of every slice added, looked up by position. Positions of a material that is
// not canonical are looked up on the board turned by 180 degrees, with the colours exchanged.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "egdb/material.hpp"
#include "egdb/slice_index.hpp"
#include "rules/position.hpp"

namespace draughts::egdb {

/// The position with colours exchanged on the board turned by 180 degrees (same value for the
/// side to move).
rules::Position flipped(const rules::Position& position);

/// True when no slice from `current` on, in build order up to slices of `top` pieces, can reach
/// `held`: slices of the most pieces only need those of one man fewer (a promotion) among
/// themselves; every smaller slice stays, since a capture may take several pieces at once.
bool done_with(const Material& held, const Material& current, int top);

/// Solved slices in memory, each a byte per index (egdb/value.hpp).
class SliceTable {
  public:
    SliceTable() = default;

    /// Adds (or replaces) the bytes of canonical material `material`; returns them for writing.
    std::vector<std::uint8_t>& add(const Material& material, std::vector<std::uint8_t> bytes);
    /// Frees a slice.
    void remove(const Material& material);
    bool contains(const Material& material) const { return find(material) != nullptr; }

    /// The stored byte of `position`. A side to move without pieces has lost (Value::loss(0)).
    /// nullopt when the position's slice is not held.
    std::optional<std::uint8_t> byte_of(const rules::Position& position) const;

    /// The bytes of a held canonical slice, or nullptr.
    const std::vector<std::uint8_t>* bytes(const Material& material) const;

  private:
    struct Slice {
        SliceIndex index;
        std::vector<std::uint8_t> bytes;
    };
    const Slice* find(const Material& material) const;

    std::array<std::unique_ptr<Slice>, kMaterialKeys> slices_{};
};

}  // namespace draughts::egdb
