#pragma once
// A shard of a match (`--shard I/N`): the pairs whose index is I modulo N. A scheduler without
// MPI starts N independent runs of one configuration with shards 0/N .. N-1/N; since a pair's
// opening and colours follow from its index and the seed alone, the shards play disjoint games
// whose union is the whole match, and `draughts merge` adds them up. The shard is recorded in
// the run's provenance, so that a resume keeps it and a merge can refuse overlapping shards.

#include <cstdint>
#include <string>
#include <string_view>

#include "common/expected.hpp"

namespace draughts::harness {

/// The pairs I, I + N, I + 2N, ... of a schedule.
struct Shard {
    std::uint64_t index = 0;  ///< I, below count
    std::uint64_t count = 1;  ///< N >= 1

    bool contains(std::uint64_t pair) const { return pair % count == index; }
    /// Pairs of the shard among the first `pairs` of a schedule.
    std::uint64_t pairs_among(std::uint64_t pairs) const;

    friend bool operator==(const Shard&, const Shard&) = default;
};

/// "I/N" with 0 <= I < N.
Expected<Shard> parse_shard(std::string_view text);
/// "I/N".
std::string to_string(const Shard& shard);

/// True when some pair index belongs to both shards (I = J modulo gcd(N, M)).
bool shards_overlap(const Shard& a, const Shard& b);

}  // namespace draughts::harness
