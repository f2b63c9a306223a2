#pragma once
// Combinatorial numbering of piece sets: a set of k squares among n places gets a unique number
// below C(n, k) (the combinatorial number system, "colex" order), computed with a binomial table
// built at compile time. The database index (egdb/slice_index.hpp) is made of such numbers.

#include <array>
#include <cassert>
#include <cstdint>

namespace draughts::egdb {

/// Largest set size numbered (pieces of one kind and colour in a 5-piece database).
inline constexpr int kMaxSetSize = 5;
/// Most places a set is drawn from (the 50 squares of the board).
inline constexpr int kMaxPlaces = 50;

namespace detail {
constexpr std::array<std::array<std::uint64_t, kMaxSetSize + 2>, kMaxPlaces + 1> make_binomials() {
    std::array<std::array<std::uint64_t, kMaxSetSize + 2>, kMaxPlaces + 1> c{};
    for (std::size_t n = 0; n <= kMaxPlaces; ++n) {
        c[n][0] = 1;
        for (std::size_t k = 1; k <= kMaxSetSize + 1; ++k)
            c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
    }
    return c;
}
}  // namespace detail

/// C(n, k) for 0 <= n <= 50 and 0 <= k <= 6.
inline constexpr auto kBinomials = detail::make_binomials();

constexpr std::uint64_t binomial(int n, int k) {
    assert(n >= 0 && n <= kMaxPlaces && k >= 0 && k <= kMaxSetSize + 1);
    return kBinomials[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

/// Number of the set {places[0] < places[1] < ... < places[k-1]}: sum of C(places[i], i + 1).
constexpr std::uint64_t rank_set(const int* places, int k) {
    std::uint64_t rank = 0;
    for (int i = 0; i < k; ++i) rank += binomial(places[i], i + 1);
    return rank;
}

/// Inverse of rank_set: fills places[0..k-1] in increasing order. Each place is the largest p
/// with C(p, i + 1) <= the rank left, found by bisection below the place after it.
constexpr void unrank_set(std::uint64_t rank, int k, int* places) {
    int high = kMaxPlaces;  // places[i] < high
    for (int i = k - 1; i >= 1; --i) {
        int low = i;  // C(i, i + 1) = 0 <= rank
        while (high - low > 1) {
            const int mid = (low + high) / 2;
            if (binomial(mid, i + 1) <= rank)
                low = mid;
            else
                high = mid;
        }
        places[i] = low;
        rank -= binomial(low, i + 1);
        high = low;
    }
    if (k > 0) places[0] = static_cast<int>(rank);  // C(p, 1) = p
}

}  // namespace draughts::egdb
