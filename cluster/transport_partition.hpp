#pragma once
// The tuner's RowPartition over a cluster's transport: rank r of N evaluates the r-th of N
// contiguous parts of every row range, and the exact integer sums are added with an all-reduce.
// Every rank thus takes the same optimiser steps, and the weights are those of one process.

#include "cluster/transport.hpp"
#include "tuner/row_partition.hpp"

namespace draughts::cluster {

/// See the top of the file. Called only from the thread that owns the transport.
class TransportPartition final : public tuner::RowPartition {
  public:
    explicit TransportPartition(Transport& transport) : transport_(transport) {}
    int rank() const override { return transport_.rank(); }
    int size() const override { return transport_.size(); }
    void sum(std::vector<std::int64_t>& values) const override { transport_.sum(values); }

  private:
    Transport& transport_;
};

}  // namespace draughts::cluster
