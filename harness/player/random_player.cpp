#include "harness/player/random_player.hpp"

#include <utility>

#include "rules/movegen.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

namespace {

/// SplitMix64 finaliser: a well-mixed 64-bit function of its input.
std::uint64_t mix(std::uint64_t z) {
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace

template <typename V>
BasicRandomPlayer<V>::BasicRandomPlayer(std::uint64_t seed, std::string name)
    : seed_(seed), name_(std::move(name)) {}

template <typename V>
typename BasicRandomPlayer<V>::ThinkReply BasicRandomPlayer<V>::think(const ThinkRequest& request) {
    rules::BasicMoveList<V> moves;
    rules::generate_moves(request.position, moves);
    if (moves.empty()) return ThinkReply::failed(FailureKind::MalformedReply, "no legal move");
    const std::uint64_t key = mix(seed_ ^ mix(request.position.hash() ^ mix(request.moves.size())));
    return ThinkReply::with_move(moves[key % moves.size()]);
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_RANDOM_PLAYER(V) template class BasicRandomPlayer<rules::V>;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_RANDOM_PLAYER)
#undef DRAUGHTS_INSTANTIATE_RANDOM_PLAYER

}  // namespace draughts::harness
