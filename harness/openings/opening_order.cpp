#include "harness/openings/opening_order.hpp"

#include <cassert>
#include <numeric>

#include "common/portable_random.hpp"

namespace draughts::harness {

OpeningOrder::OpeningOrder(std::size_t book_size, BookOrder order, std::uint64_t seed,
                           std::size_t start)
    : permutation_(book_size), start_(book_size == 0 ? 0 : start % book_size) {
    assert(book_size > 0);
    std::iota(permutation_.begin(), permutation_.end(), std::size_t{0});
    if (order == BookOrder::Random) {
        PortableRandom random(seed);
        portable_shuffle(permutation_, random);
    }
}

std::size_t OpeningOrder::book_index(std::size_t k) const {
    return permutation_[(start_ + k % permutation_.size()) % permutation_.size()];
}

}  // namespace draughts::harness
