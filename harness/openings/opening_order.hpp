#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "common/enum_names.hpp"

namespace draughts::harness {

/// The order in which a book's openings are played.
enum class BookOrder { Sequential, Random };

/// "sequential" or "random" (for configuration files and the command line).
inline constexpr EnumNames<BookOrder, 2> kBookOrderNames{
    {{BookOrder::Sequential, "sequential"}, {BookOrder::Random, "random"}}};

/// Which opening of a book the k-th game (or colour-swapped pair) plays. Sequential order is the
/// book order; random order is a Fisher-Yates shuffle driven by PortableRandom(seed), so a seed
/// gives the same order on every machine. Play starts at `start` in that order and wraps around
/// to its beginning when more openings are needed than the book has (each pass in the same
/// order). Random access, so a resumed run finds its openings without replaying the others.
class OpeningOrder {
  public:
    /// `book_size` > 0; a start at or past the end wraps around too.
    OpeningOrder(std::size_t book_size, BookOrder order, std::uint64_t seed, std::size_t start);

    /// Book index of the k-th opening played (k = 0, 1, 2, ...).
    std::size_t book_index(std::size_t k) const;

    /// The whole play order, before applying the start index.
    const std::vector<std::size_t>& permutation() const { return permutation_; }
    std::size_t start() const { return start_; }

  private:
    std::vector<std::size_t> permutation_;
    std::size_t start_;
};

}  // namespace draughts::harness
