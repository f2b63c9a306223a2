#pragma once
// Zobrist keys computed at compile time from a fixed seed, so hashes are identical on every build
// and machine (the harness and the tuner rely on reproducible hashes).

#include <array>
#include <cstdint>

#include "common/portable_random.hpp"
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
constexpr ZobristKeys make_zobrist_keys() {
    ZobristKeys keys;
    SplitMix64 mix(0x64726175676874ULL);  // "draught"
    for (auto& by_kind : keys.piece)
        for (auto& by_bit : by_kind)
            for (auto& key : by_bit) key = mix.next();
    keys.black_to_move = mix.next();
    return keys;
}
}  // namespace detail

inline constexpr ZobristKeys kZobrist = detail::make_zobrist_keys();

constexpr std::uint64_t zobrist_piece(Color color, bool king, int bit) {
    return kZobrist.piece[static_cast<std::size_t>(index_of(color))][king ? 1 : 0]
                         [static_cast<std::size_t>(bit)];
}

}  // namespace draughts::rules
