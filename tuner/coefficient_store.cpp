#include "tuner/coefficient_store.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <limits>
#include <string>

#include "engine/eval_weights.hpp"

namespace draughts::tuner {

namespace {

constexpr unsigned kMaxIndexBits = 24;

/// One step of a 64-bit multiplicative hash (FNV-style mixing over whole words).
constexpr std::uint64_t store_mix(std::uint64_t hash, std::uint64_t word) {
    hash ^= word;
    hash *= 0x100000001b3ULL;
    return hash ^ (hash >> 29);
}

}  // namespace

Expected<EntryPacking> EntryPacking::with_index_bits(unsigned index_bits) {
    if (index_bits < 1 || index_bits > kMaxIndexBits)
        return make_error("index bits " + std::to_string(index_bits) + " outside 1.." +
                          std::to_string(kMaxIndexBits));
    return EntryPacking(index_bits);
}

Expected<EntryPacking> EntryPacking::for_parameters(std::size_t parameter_count) {
    const auto largest = parameter_count > 1 ? parameter_count - 1 : 1;
    const auto bits = static_cast<unsigned>(std::bit_width(largest));
    if (bits > kMaxIndexBits)
        return make_error(std::to_string(parameter_count) + " parameters need more than " +
                          std::to_string(kMaxIndexBits) + " index bits");
    return EntryPacking(bits);
}

CoefficientStore::CoefficientStore(std::size_t parameter_count, EntryPacking packing)
    : parameter_count_(parameter_count), packing_(packing) {}

CoefficientStore CoefficientStore::for_parameters(std::size_t parameter_count) {
    return CoefficientStore(parameter_count, *EntryPacking::for_parameters(parameter_count));
}

CoefficientStore CoefficientStore::for_engine_layout() {
    return for_parameters(engine::ParameterLayout::count());
}

Expected<void> CoefficientStore::append(std::span<const engine::EvalCoefficient> coefficients,
                                        int phase, Outcome result, std::optional<double> score) {
    for (const engine::EvalCoefficient& c : coefficients) {
        if (c.index >= parameter_count_)
            return make_error("coefficient index " + std::to_string(c.index) +
                              " outside the layout of " + std::to_string(parameter_count_) +
                              " parameters");
        if (!packing_.fits(c.value))
            return make_error("coefficient value " + std::to_string(c.value) + " of parameter " +
                              std::to_string(c.index) + " does not fit in " +
                              std::to_string(32 - packing_.index_bits()) + " bits");
    }
    if (phase < 0 || phase > 255)
        return make_error("phase " + std::to_string(phase) + " outside 0..255");
    // Checked before the conversion to float: a double outside float's range does not convert.
    if (score && !(std::abs(*score) <= std::numeric_limits<float>::max()))
        return make_error("score " + std::to_string(*score) +
                          " is not a finite number within a float's range");
    const std::size_t first = entries_.size();
    for (const engine::EvalCoefficient& c : coefficients)
        entries_.push_back(packing_.pack(c.index, c.value));
    note_row_magnitude({entries_.data() + first, entries_.size() - first});
    offsets_.push_back(entries_.size());
    results_.push_back(static_cast<std::uint8_t>(result));
    phases_.push_back(static_cast<std::uint8_t>(phase));
    scores_.push_back(score ? static_cast<float>(*score) : std::numeric_limits<float>::quiet_NaN());
    if (score) ++scored_rows_;
    return {};
}

void CoefficientStore::append_row(const CoefficientStore& other, std::size_t row) {
    const auto entries = other.row(row);
    entries_.insert(entries_.end(), entries.begin(), entries.end());
    note_row_magnitude(entries);
    offsets_.push_back(entries_.size());
    results_.push_back(other.results_[row]);
    phases_.push_back(other.phases_[row]);
    scores_.push_back(other.scores_[row]);
    if (!std::isnan(other.scores_[row])) ++scored_rows_;
}

std::optional<double> CoefficientStore::score(std::size_t row) const {
    if (std::isnan(scores_[row])) return std::nullopt;
    return scores_[row];
}

void CoefficientStore::note_row_magnitude(std::span<const std::uint32_t> entries) {
    std::uint64_t sum = 0;
    for (const std::uint32_t entry : entries) {
        const std::int64_t value = packing_.value(entry);
        sum += static_cast<std::uint64_t>(value < 0 ? -value : value);
    }
    max_row_magnitude_ = std::max(max_row_magnitude_, sum);
}

void CoefficientStore::reserve(std::size_t positions, std::size_t entries) {
    offsets_.reserve(positions + 1);
    results_.reserve(positions);
    phases_.reserve(positions);
    scores_.reserve(positions);
    entries_.reserve(entries);
}

std::vector<engine::EvalCoefficient> CoefficientStore::coefficients(std::size_t row) const {
    std::vector<engine::EvalCoefficient> out;
    for (const std::uint32_t entry : this->row(row))
        out.push_back({packing_.index(entry), packing_.value(entry)});
    return out;
}

std::size_t CoefficientStore::memory_bytes() const {
    return offsets_.size() * sizeof(std::uint64_t) + entries_.size() * sizeof(std::uint32_t) +
           results_.size() + phases_.size() + scores_.size() * sizeof(float);
}

std::uint64_t CoefficientStore::fingerprint() const {
    const std::uint64_t layout =
        store_mix(store_mix(0xcbf29ce484222325ULL, parameter_count_), packing_.index_bits());
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < size(); ++i) {
        std::uint64_t hash = store_mix(layout, is_share_ ? share_rows_[i] : i);
        hash =
            store_mix(hash, (offsets_[i + 1] - offsets_[i]) | (std::uint64_t{results_[i]} << 40) |
                                (std::uint64_t{phases_[i]} << 48));
        for (const std::uint32_t entry : row(i)) hash = store_mix(hash, entry);
        if (!std::isnan(scores_[i]))
            hash = store_mix(hash, std::bit_cast<std::uint32_t>(scores_[i]) | (1ULL << 32));
        sum += hash;  // wraps: the order of the rows, and how they are shared, does not matter
    }
    return sum;
}

void CoefficientStore::set_share(std::vector<std::uint64_t> rows, std::size_t total) {
    assert(rows.size() == size());
    assert(std::is_sorted(rows.begin(), rows.end()));
    assert(rows.empty() || rows.back() < total);
    is_share_ = true;
    share_rows_ = std::move(rows);
    total_ = total;
}

RowRange CoefficientStore::held_rows(RowRange whole) const {
    if (!is_share_) return whole;
    const auto first = std::lower_bound(share_rows_.begin(), share_rows_.end(), whole.begin);
    const auto last = std::lower_bound(first, share_rows_.end(), whole.end);
    return {static_cast<std::size_t>(first - share_rows_.begin()),
            static_cast<std::size_t>(last - share_rows_.begin())};
}

}  // namespace draughts::tuner
