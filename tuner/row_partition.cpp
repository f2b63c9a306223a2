#include "tuner/row_partition.hpp"

#include <algorithm>

namespace draughts::tuner {

namespace {

/// Longest error message passed between processes, in bytes.
constexpr std::size_t kMaxMessage = 4096;

}  // namespace

void sum_counts(const RowPartition* partition, std::vector<std::uint64_t>& counts) {
    if (partition == nullptr) return;
    std::vector<std::int64_t> values(counts.begin(), counts.end());
    partition->sum(values);
    std::transform(values.begin(), values.end(), counts.begin(),
                   [](std::int64_t v) { return static_cast<std::uint64_t>(v); });
}

std::uint64_t sum_wrapping(const RowPartition* partition, std::uint64_t value) {
    if (partition == nullptr) return value;
    // Two 32-bit halves, so that the 64-bit sum of many processes cannot overflow.
    std::vector<std::uint64_t> halves{value & 0xFFFF'FFFFULL, value >> 32};
    sum_counts(partition, halves);
    return halves[0] + (halves[1] << 32);
}

std::vector<std::uint64_t> gather(const RowPartition* partition,
                                  const std::vector<std::uint64_t>& values) {
    if (partition == nullptr) return values;
    const auto ranks = static_cast<std::size_t>(partition->size());
    const auto rank = static_cast<std::size_t>(partition->rank());
    std::vector<std::uint64_t> sizes(ranks, 0);
    sizes[rank] = values.size();
    sum_counts(partition, sizes);
    std::size_t before = 0;
    for (std::size_t r = 0; r < rank; ++r) before += sizes[r];
    std::size_t total = before;
    for (std::size_t r = rank; r < ranks; ++r) total += sizes[r];
    // Each process fills its own slots, the others add zeros: the sum is the concatenation. The
    // values are sent as 32-bit halves for the same reason as in sum_wrapping.
    std::vector<std::int64_t> halves(2 * total, 0);
    for (std::size_t i = 0; i < values.size(); ++i) {
        halves[2 * (before + i)] = static_cast<std::int64_t>(values[i] & 0xFFFF'FFFFULL);
        halves[2 * (before + i) + 1] = static_cast<std::int64_t>(values[i] >> 32);
    }
    partition->sum(halves);
    std::vector<std::uint64_t> all(total);
    for (std::size_t i = 0; i < total; ++i)
        all[i] = static_cast<std::uint64_t>(halves[2 * i]) +
                 (static_cast<std::uint64_t>(halves[2 * i + 1]) << 32);
    return all;
}

Placement place(const RowPartition* partition, std::uint64_t count) {
    const std::vector<std::uint64_t> counts = gather(partition, {count});
    const auto rank = static_cast<std::size_t>(partition == nullptr ? 0 : partition->rank());
    Placement p;
    for (std::size_t r = 0; r < counts.size(); ++r) {
        if (r < rank) p.first += counts[r];
        p.total += counts[r];
    }
    return p;
}

Expected<void> agree(const RowPartition* partition, const Expected<void>& mine) {
    if (partition == nullptr) return mine;
    const auto ranks = static_cast<std::size_t>(partition->size());
    const auto rank = static_cast<std::size_t>(partition->rank());
    std::vector<std::uint64_t> failed(ranks, 0);
    if (!mine) failed[rank] = 1;
    sum_counts(partition, failed);
    const auto first = std::find(failed.begin(), failed.end(), 1U);
    if (first == failed.end()) return {};
    const auto failing = static_cast<std::size_t>(first - failed.begin());
    std::vector<std::uint64_t> text(kMaxMessage, 0);
    if (failing == rank) {
        const std::string& message = mine.error().message;
        for (std::size_t i = 0; i < std::min(message.size(), kMaxMessage); ++i)
            text[i] = static_cast<unsigned char>(message[i]);
    }
    sum_counts(partition, text);
    std::string message = "rank " + std::to_string(failing) + ": ";
    for (const std::uint64_t c : text) {
        if (c == 0) break;
        message += static_cast<char>(c);
    }
    return make_error(message);
}

}  // namespace draughts::tuner
