#pragma once
// The compact form of a tuning set: for each position only its non-zero evaluation coefficients,
// each packed with its parameter index into one 32-bit word, plus the game phase, the result and,
// when the data set has one, the search score (the second label a tuning may blend in:
// tuner/loss.hpp). Memory per position: 8 bytes (offset) + 1 (result) + 1 (phase) + 4 (score) +
// 4 per non-zero.
//
// An entry holds the engine's integer trace value v (see engine/evaluate.hpp), whose real
// coefficient is v / kPhaseScale; the taper is already folded into v, so the linear evaluation
// e = sum_j w_j v_j / kPhaseScale is exact and the phase is kept for reports only. The index
// takes the low `index_bits` bits (just enough for the layout), the signed value the rest.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "common/expected.hpp"
#include "engine/evaluate.hpp"
#include "tuner/sample.hpp"

namespace draughts::tuner {

/// Packing of (index, value) into 32 bits for a layout of a given size.
class EntryPacking {
  public:
    /// Index bits for `parameter_count` parameters (at least 1); at most 24, leaving 8 for values.
    static Expected<EntryPacking> for_parameters(std::size_t parameter_count);
    /// A packing with explicit index bits (from a file header); 1..24.
    static Expected<EntryPacking> with_index_bits(unsigned index_bits);

    unsigned index_bits() const { return index_bits_; }
    std::int32_t max_value() const { return (std::int32_t{1} << (31 - index_bits_)) - 1; }
    std::int32_t min_value() const { return -(std::int32_t{1} << (31 - index_bits_)); }
    bool fits(std::int32_t value) const { return value >= min_value() && value <= max_value(); }

    std::uint32_t pack(std::uint32_t index, std::int32_t value) const {
        return (static_cast<std::uint32_t>(value) << index_bits_) | index;
    }
    std::uint32_t index(std::uint32_t entry) const { return entry & index_mask_; }
    std::int32_t value(std::uint32_t entry) const {
        // Arithmetic shift of the signed word restores the value's sign (defined in C++20).
        return static_cast<std::int32_t>(entry) >> index_bits_;
    }

  private:
    explicit EntryPacking(unsigned index_bits)
        : index_bits_(index_bits), index_mask_((std::uint32_t{1} << index_bits) - 1) {}

    unsigned index_bits_;
    std::uint32_t index_mask_;
};

/// Rows [begin, end) of a store.
struct RowRange {
    std::size_t begin = 0;
    std::size_t end = 0;
    std::size_t size() const { return end - begin; }
};

/// Positions as packed sparse coefficient rows with their phase and result. A store may hold
/// only a share of a larger one (one process's rows in a distributed tuning run): then each row
/// knows its number in the whole store, and row ranges of the whole store map to the rows held.
class CoefficientStore {
  public:
    /// An empty store for a layout of `parameter_count` parameters and the given packing.
    CoefficientStore(std::size_t parameter_count, EntryPacking packing);

    /// An empty store for a layout of `parameter_count` parameters, packed as tightly as it allows.
    static CoefficientStore for_parameters(std::size_t parameter_count);
    /// An empty store for the layout of international draughts (the 10x10 board).
    static CoefficientStore for_engine_layout();

    std::size_t parameter_count() const { return parameter_count_; }
    const EntryPacking& packing() const { return packing_; }
    std::size_t size() const { return results_.size(); }
    bool empty() const { return results_.empty(); }
    std::size_t entry_count() const { return entries_.size(); }

    /// Appends a position with its result and, when known, its search score (White's point of
    /// view, in the units of the evaluation); fails (and appends nothing) when an index is outside
    /// the layout, a value does not fit the packing or the score is not finite. Coefficients must
    /// not repeat an index.
    Expected<void> append(std::span<const engine::EvalCoefficient> coefficients, int phase,
                          Outcome result, std::optional<double> score = std::nullopt);
    /// Appends row `row` of another store with the same layout and packing.
    void append_row(const CoefficientStore& other, std::size_t row);
    void reserve(std::size_t positions, std::size_t entries);

    /// Entries of position `row`.
    std::span<const std::uint32_t> row(std::size_t row) const {
        return {entries_.data() + offsets_[row], entries_.data() + offsets_[row + 1]};
    }
    std::uint64_t row_begin(std::size_t row) const { return offsets_[row]; }
    const std::uint32_t* entries() const { return entries_.data(); }
    const std::uint64_t* offsets() const { return offsets_.data(); }
    Outcome result(std::size_t row) const { return static_cast<Outcome>(results_[row]); }
    const std::uint8_t* results() const { return results_.data(); }
    int phase(std::size_t row) const { return phases_[row]; }
    /// The search score of position `row`, if its sample had one.
    std::optional<double> score(std::size_t row) const;
    /// One score per row, NaN where a sample had none.
    const float* scores() const { return scores_.data(); }
    /// Rows with a score.
    std::size_t scored_rows() const { return scored_rows_; }

    /// The largest sum of |value| over the entries of one row (bounds the exact gradient sums,
    /// tuner/gradient_accumulator.hpp).
    std::uint64_t max_row_magnitude() const { return max_row_magnitude_; }

    /// Unpacked coefficients of a row, as the engine's trace gave them.
    std::vector<engine::EvalCoefficient> coefficients(std::size_t row) const;

    /// Bytes held by the store's arrays (their sizes, not capacities).
    std::size_t memory_bytes() const;
    /// A hash of every row (its number in the whole store, entries, result, phase, score): equal
    /// stores have equal fingerprints, and a whole store's is the sum (modulo 2^64) of its
    /// shares' fingerprints, however it was shared out.
    std::uint64_t fingerprint() const;

    /// Makes this store a share of a larger one: `rows` (ascending, one per row held) are their
    /// numbers in the whole store of `total` rows.
    void set_share(std::vector<std::uint64_t> rows, std::size_t total);
    /// Rows of the whole store (size() unless this is a share).
    std::size_t total_rows() const { return is_share_ ? total_ : size(); }
    /// The rows held of the whole store's rows `whole` (all of them unless this is a share).
    RowRange held_rows(RowRange whole) const;

  private:
    void note_row_magnitude(std::span<const std::uint32_t> entries);

    std::size_t parameter_count_;
    EntryPacking packing_;
    std::vector<std::uint64_t> offsets_{0};
    std::vector<std::uint32_t> entries_;
    std::vector<std::uint8_t> results_;
    std::vector<std::uint8_t> phases_;
    std::vector<float> scores_;  ///< NaN: no score
    std::size_t scored_rows_ = 0;
    std::uint64_t max_row_magnitude_ = 0;
    bool is_share_ = false;
    std::vector<std::uint64_t> share_rows_;  ///< numbers in the whole store, for a share
    std::size_t total_ = 0;
};

}  // namespace draughts::tuner
