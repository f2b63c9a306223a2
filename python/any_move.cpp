#include "python/any_move.hpp"

#include <algorithm>
#include <bit>

#include "rules/move_notation.hpp"

namespace draughts::python {

int AnyMove::from_square() const {
    return rules::dispatch_variant(variant_,
                                   [&](auto policy) { return as<decltype(policy)>().from(); });
}

int AnyMove::to_square() const {
    return rules::dispatch_variant(variant_,
                                   [&](auto policy) { return as<decltype(policy)>().to(); });
}

std::vector<int> AnyMove::captured_squares() const {
    return rules::dispatch_variant(variant_, [&](auto policy) {
        using Board = typename decltype(policy)::Board;
        std::vector<int> squares;
        for (rules::Bitboard rest = captured_; rest != 0; rest &= rest - 1)
            squares.push_back(Board::square_of_bit_index(std::countr_zero(rest)));
        std::sort(squares.begin(), squares.end());
        return squares;
    });
}

std::string AnyMove::short_notation() const {
    return rules::dispatch_variant(
        variant_, [&](auto policy) { return rules::to_short_notation(as<decltype(policy)>()); });
}

std::string AnyMove::hub_notation() const {
    return rules::dispatch_variant(
        variant_, [&](auto policy) { return rules::to_hub_notation(as<decltype(policy)>()); });
}

std::uint64_t AnyMove::hash() const {
    // The captured set mixed with the small fields: distinct moves rarely collide.
    std::uint64_t h = captured_ * 0x9E3779B97F4A7C15ull;
    h ^= (std::uint64_t{from_} << 1) | (std::uint64_t{to_} << 9) | (std::uint64_t{crowns_} << 17) |
         (std::uint64_t(variant_) << 18);
    return h ^ (h >> 29);
}

}  // namespace draughts::python
