#pragma once
// Zobrist keys computed at compile time from a fixed seed, so hashes are identical on every build
// and machine (the harness and the tuner rely on reproducible hashes).

#include <array>
#include <cstdint>

#include "rules/bitboard.hpp"
#include "rules/color.hpp"

namespace draughts::rules {

/// Random keys for every (colour, piece kind, bit index) and for the side to move.
struct ZobristKeys {
    // [color][is_king][bit index]
    std::array<std::array<std::array<std::uint64_t, 64>, 2>, 2> piece{};
    std::uint64_t black_to_move = 0;
};

namespace detail {
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
constexpr ZobristKeys make_zobrist_keys() {
    ZobristKeys keys;
    std::uint64_t state = 0x64726175676874ULL;  // "draught"
    for (auto& by_kind : keys.piece)
        for (auto& by_bit : by_kind)
            for (auto& key : by_bit) key = splitmix64(state);
    keys.black_to_move = splitmix64(state);
    return keys;
}
}  // namespace detail

inline constexpr ZobristKeys kZobrist = detail::make_zobrist_keys();

constexpr std::uint64_t zobrist_piece(Color color, bool king, int bit) {
    return kZobrist.piece[static_cast<std::size_t>(index_of(color))][king ? 1 : 0]
                         [static_cast<std::size_t>(bit)];
}

}  // namespace draughts::rules
