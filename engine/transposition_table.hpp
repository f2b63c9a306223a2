#pragma once
// The transposition table: a fixed-size hash of search results, owned by one Engine.

#include <cstddef>
#include <cstdint>

#include "common/zeroed_table.hpp"

namespace draughts::engine {

/// What a stored score means relative to the true value.
enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

/// One stored search result. The best move is kept as its index in generate_moves() order, which
/// is deterministic for a position; the search checks it is in range before using it.
/// All bytes zero is an empty entry (its bound is None): the table starts as zeroed memory
/// (common/zeroed_table.hpp), so the type has no initialisers of its own.
struct TtEntry {
    std::uint64_t key;
    std::int32_t score;
    std::int8_t depth;
    /// The bound in the low two bits, the table's epoch when stored above them (see clear()).
    std::uint8_t bound_and_epoch;
    std::uint8_t move_index;
    std::uint8_t generation;

    static constexpr std::uint8_t kNoMove = 0xFF;

    Bound bound() const { return static_cast<Bound>(bound_and_epoch & 3); }
};

/// Buckets of four entries (one cache line). Replacement keeps the deeper or more recent entry.
class TranspositionTable {
  public:
    explicit TranspositionTable(std::size_t megabytes);

    /// Resizes (and clears) to the largest power-of-two bucket count fitting in `megabytes`
    /// (at least one bucket). Throws std::bad_alloc, keeping the old table, when memory is short.
    void resize(std::size_t megabytes);
    /// Forgets every entry. A new game clears the table, and at short time controls writing the
    /// whole table every game cost 9 % of a match's CPU time (perf, 3000 nodes per move, 16 MB),
    /// so clearing starts a new epoch instead: entries of older epochs count as empty everywhere,
    /// exactly as zeroed ones would. The epoch has 6 bits; every 64th clear zeroes the table, so
    /// that no entry outlives its epoch's number coming round again.
    void clear();
    /// Starts a new search: older entries become preferred victims.
    void new_search() { ++generation_; }

    /// Starts loading the bucket of `key` into the cache (a probe follows soon).
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&bucket_for(key)); }

    /// The entry for `key`, or nullptr.
    const TtEntry* probe(std::uint64_t key) const;
    void store(std::uint64_t key, int score, int depth, Bound bound, std::uint8_t move_index);

    std::size_t size_in_bytes() const { return buckets_.size() * sizeof(Bucket); }

  private:
    static constexpr std::size_t kBucketSize = 4;
    struct alignas(64) Bucket {
        TtEntry entries[kBucketSize];
    };

    /// True for an entry stored since the last clear().
    bool live(const TtEntry& e) const {
        return e.bound() != Bound::None && (e.bound_and_epoch >> 2) == epoch_;
    }
    Bucket& bucket_for(std::uint64_t key) { return buckets_[key & mask_]; }
    const Bucket& bucket_for(std::uint64_t key) const { return buckets_[key & mask_]; }

    /// Zeroed pages from the system, in huge pages where it gives them (common/zeroed_table.hpp).
    ZeroedTable<Bucket> buckets_;
    std::uint64_t mask_ = 0;
    std::uint8_t generation_ = 0;
    std::uint8_t epoch_ = 0;  ///< 0 .. 63
};

}  // namespace draughts::engine
