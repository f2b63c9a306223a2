#pragma once
// The processes of a distributed tuning run (`mpirun draughts tune`): each holds its own share of
// the data set (dataset.hpp, DatasetShare), evaluates the rows it holds of every row range, and
// the integer sums are added across the processes (cluster/ implements this with MPI). Because
// loss and gradient are summed exactly in fixed point (loss.hpp), the result does not depend on
// the number of processes. The functions below build on that one exact sum; each takes a null
// partition to mean one process alone.

#include <cstdint>
#include <string>
#include <vector>

#include "common/expected.hpp"

namespace draughts::tuner {

/// This process's share of the rows and the sum across all processes; see the top of the file.
class RowPartition {
  public:
    virtual ~RowPartition() = default;
    virtual int rank() const = 0;  ///< 0 .. size() - 1
    virtual int size() const = 0;
    /// Replaces `values` by their element-wise sum over every process (collective).
    virtual void sum(std::vector<std::int64_t>& values) const = 0;
};

/// Adds counts across the processes (each count below 2^63 in total).
void sum_counts(const RowPartition* partition, std::vector<std::uint64_t>& counts);

/// The sum modulo 2^64 of every process's `value` (a hash that is a sum of parts).
std::uint64_t sum_wrapping(const RowPartition* partition, std::uint64_t value);

/// Every process's `values` gathered in rank order (collective; sizes may differ).
std::vector<std::uint64_t> gather(const RowPartition* partition,
                                  const std::vector<std::uint64_t>& values);

/// Where one process's items stand among every process's, taken in rank order.
struct Placement {
    std::uint64_t first = 0;  ///< items of the processes before this one
    std::uint64_t total = 0;  ///< items of all processes
};

/// Places this process's `count` items after those of the lower ranks (collective).
Placement place(const RowPartition* partition, std::uint64_t count);

/// Fails on every process when any failed, with the error of the lowest failing rank prefixed
/// by "rank R: ": the processes must agree before the next collective step, or the others would
/// wait forever.
Expected<void> agree(const RowPartition* partition, const Expected<void>& mine);

}  // namespace draughts::tuner
