#pragma once
// Exact gradient sums at the speed of 64-bit integers. The gradient of a batch is
// sum_i d_i v_ij, with d_i a row's derivative in fixed point (fixed_point.hpp) and v_ij its
// integer coefficients. Adding these products as 128-bit integers is exact but slow (a 128-bit
// multiply and add per entry, twice the memory); adding them as doubles is fast but depends on
// the order. This accumulator adds them as 64-bit integers while a bound proves that no sum can
// overflow, and carries the 64-bit sums into 128-bit ones when the bound runs out: the result is
// the exact integer sum, as a 128-bit accumulation gives, whatever the order of rows, threads or
// processes. The bound: after rows whose |d_i| add up to U, every 64-bit sum is at most
// U * M in magnitude, where M is the store's largest sum of |v| over one row
// (CoefficientStore::max_row_magnitude); so 64-bit words suffice while U <= (2^63 - 1) / M.
// On the engine's data (M about 2^12, |d_i| about 2^30) that is a carry every million rows.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tuner/fixed_point.hpp"

namespace draughts::tuner {

/// Exact sums of d * v over coefficient rows, one per parameter; see the top of the file.
class GradientAccumulator {
  public:
    /// `max_row_magnitude`: the largest sum of |v| over the entries of any row to be added.
    GradientAccumulator(std::size_t parameters, std::uint64_t max_row_magnitude);

    /// Allocates the sums (lazily, so that an unused accumulator costs nothing).
    void start();
    bool started() const { return !narrow_.empty(); }

    /// Adds d * v for every packed entry (index in the low `shift` bits) in [e, end); start()
    /// must have been called.
    void add_row(std::int64_t d, const std::uint32_t* e, const std::uint32_t* end,
                 std::uint32_t mask, unsigned shift) {
        const std::uint64_t magnitude =
            d < 0 ? 0 - static_cast<std::uint64_t>(d) : static_cast<std::uint64_t>(d);
        if (magnitude > room_) {
            carry();
            if (magnitude > limit_) return add_row_wide(d, e, end, mask, shift);
        }
        room_ -= magnitude;
        std::int64_t* narrow = narrow_.data();
        for (; e != end; ++e) narrow[*e & mask] += d * (static_cast<std::int32_t>(*e) >> shift);
    }

    /// Adds the sums of `other` (same parameters and bound) to these; `other` is left spent.
    void merge(GradientAccumulator& other);

    /// The exact sums (empty when nothing was ever started).
    const std::vector<Int128>& sums();

  private:
    /// Moves the 64-bit sums into the 128-bit ones and renews the room.
    void carry();
    /// A row whose |d| alone exceeds the bound, added in 128 bits.
    void add_row_wide(std::int64_t d, const std::uint32_t* e, const std::uint32_t* end,
                      std::uint32_t mask, unsigned shift);

    std::size_t parameters_;
    std::uint64_t limit_;  ///< the largest sum of |d| the 64-bit words can take
    std::uint64_t room_;   ///< what is left of it
    std::vector<std::int64_t> narrow_;
    std::vector<Int128> wide_;
};

}  // namespace draughts::tuner
