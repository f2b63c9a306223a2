#pragma once
// A small pseudo-random generator whose sequence is the same on every machine and compiler
// (the standard distributions are not portable): xoshiro256** seeded through splitmix64, with
// its own conversions to doubles and bounded integers.

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace draughts {

/// splitmix64 (Steele, Lea, Flood 2014): expands one 64-bit seed into well-mixed words.
class SplitMix64 {
  public:
    explicit constexpr SplitMix64(std::uint64_t seed) : state_(seed) {}

    constexpr std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

  private:
    std::uint64_t state_;
};

/// xoshiro256** (Blackman, Vigna 2018): fast, 256 bits of state, good statistical quality.
class PortableRandom {
  public:
    explicit constexpr PortableRandom(std::uint64_t seed) {
        SplitMix64 mix(seed);
        for (std::uint64_t& word : state_) word = mix.next();
    }

    /// Starts from a raw state (to check the published reference outputs); not all zero.
    static constexpr PortableRandom from_state(std::uint64_t s0, std::uint64_t s1, std::uint64_t s2,
                                               std::uint64_t s3) {
        assert((s0 | s1 | s2 | s3) != 0);
        PortableRandom random(0);
        random.state_ = {s0, s1, s2, s3};
        return random;
    }

    constexpr std::uint64_t next() {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

    /// Uniform in [0, 1) with 53 random bits.
    constexpr double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    /// Uniform in [0, bound) for bound > 0, without modulo bias: draws below 2^64 mod bound are
    /// rejected so that every residue is equally likely.
    constexpr std::uint64_t below(std::uint64_t bound) {
        const std::uint64_t threshold = (0 - bound) % bound;
        for (;;) {
            const std::uint64_t r = next();
            if (r >= threshold) return r % bound;
        }
    }

  private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) {
        return (x << k) | (x >> (64 - k));
    }

    std::array<std::uint64_t, 4> state_{};
};

/// Fisher-Yates shuffle driven by `random` (std::shuffle's order differs between standard
/// libraries): the same seed gives the same order everywhere.
template <typename T>
void portable_shuffle(std::vector<T>& items, PortableRandom& random) {
    for (std::size_t i = items.size(); i > 1; --i) {
        const auto j = static_cast<std::size_t>(random.below(i));
        using std::swap;
        swap(items[i - 1], items[j]);
    }
}

}  // namespace draughts
