#include "egdb/slice_table.hpp"

#include <cassert>

#include "egdb/value.hpp"
#include "rules/board_geometry.hpp"

namespace draughts::egdb {

rules::Position flipped(const rules::Position& p) {
    using rules::geometry::rotate;
    return rules::Position::from_bitboards(rotate(p.black()), rotate(p.white()), rotate(p.kings()),
                                           rules::opposite(p.side_to_move()));
}

bool done_with(const Material& held, const Material& current, int top) {
    return held.pieces() == top && current.pieces() == top && held.men() + 1 < current.men();
}

std::vector<std::uint8_t>& SliceTable::add(const Material& material,
                                           std::vector<std::uint8_t> bytes) {
    assert(material.is_canonical() && material.pieces() <= kMaxDatabasePieces);
    auto& slot = slices_[material.key()];
    slot = std::make_unique<Slice>(Slice{SliceIndex(material), std::move(bytes)});
    return slot->bytes;
}

void SliceTable::remove(const Material& material) { slices_[material.key()].reset(); }

const SliceTable::Slice* SliceTable::find(const Material& material) const {
    if (material.pieces() > kMaxDatabasePieces || material.white() == 0 || material.black() == 0)
        return nullptr;
    return slices_[material.key()].get();
}

const std::vector<std::uint8_t>* SliceTable::bytes(const Material& material) const {
    const Slice* slice = find(material);
    return slice == nullptr ? nullptr : &slice->bytes;
}

std::optional<std::uint8_t> SliceTable::byte_of(const rules::Position& position) const {
    // The side to move has no pieces: the game is over and it has lost [FMJD 7.2.2].
    if (position.pieces(position.side_to_move()) == 0) return Value::loss(0).byte();
    const Material material = Material::of(position);
    if (material.pieces() > kMaxDatabasePieces) return std::nullopt;
    const bool canonical = material.is_canonical();
    const Slice* slice = find(canonical ? material : material.flipped());
    if (slice == nullptr) return std::nullopt;
    const std::uint64_t index = slice->index.index(canonical ? position : flipped(position));
    return slice->bytes[index];
}

}  // namespace draughts::egdb
