#pragma once
// Splitting the rows of every loss evaluation among the processes of a distributed tuning run
// (`mpirun draughts tune`): each process evaluates its contiguous part of a row range, and the
// parts' integer sums are added across the processes (cluster/ implements this with MPI).
// Because loss and gradient are summed exactly in fixed point (loss.hpp), the result does not
// depend on the number of processes.

#include <cstdint>
#include <vector>

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

}  // namespace draughts::tuner
