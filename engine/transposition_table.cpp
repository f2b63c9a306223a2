#include "engine/transposition_table.hpp"

#include <algorithm>
#include <bit>

namespace draughts::engine {

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(std::size_t megabytes) {
    const std::size_t bytes = megabytes * 1024 * 1024;
    const std::size_t wanted = std::max<std::size_t>(1, bytes / sizeof(Bucket));
    const std::size_t count = std::bit_floor(wanted);
    // Allocate first: if that fails (std::bad_alloc) the old table stays as it was.
    ZeroedTable<Bucket> fresh(count);
    buckets_.swap(fresh);
    mask_ = count - 1;
    generation_ = 0;
    epoch_ = 0;
}

void TranspositionTable::clear() {
    epoch_ = static_cast<std::uint8_t>((epoch_ + 1) & 63);
    if (epoch_ == 0) std::fill(buckets_.begin(), buckets_.end(), Bucket{});
    generation_ = 0;
}

const TtEntry* TranspositionTable::probe(std::uint64_t key) const {
    for (const TtEntry& e : bucket_for(key).entries)
        if (e.key == key && live(e)) return &e;
    return nullptr;
}

void TranspositionTable::store(std::uint64_t key, int score, int depth, Bound bound,
                               std::uint8_t move_index) {
    Bucket& bucket = bucket_for(key);
    TtEntry* victim = &bucket.entries[0];
    for (TtEntry& e : bucket.entries) {
        if (!live(e) || e.key == key) {
            victim = &e;
            break;
        }
        // Prefer to replace entries from older searches, then shallower ones.
        const int age = static_cast<std::uint8_t>(generation_ - e.generation);
        const int victim_age = static_cast<std::uint8_t>(generation_ - victim->generation);
        if (e.depth - 4 * age < victim->depth - 4 * victim_age) victim = &e;
    }
    // Keep a known best move when the new result has none for the same position.
    if (live(*victim) && victim->key == key && move_index == TtEntry::kNoMove)
        move_index = victim->move_index;
    victim->key = key;
    victim->score = score;
    victim->depth = static_cast<std::int8_t>(std::clamp(depth, -128, 127));
    victim->bound_and_epoch = static_cast<std::uint8_t>(static_cast<int>(bound) | epoch_ << 2);
    victim->move_index = move_index;
    victim->generation = generation_;
}

}  // namespace draughts::engine
