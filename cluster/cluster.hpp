#pragma once
// This process's place in a distributed run: the transport, and the job rank 0 hands the other
// ranks. Every rank runs the same command line; rank 0 prepares the command (reads the
// configuration, creates or opens the results folder) and broadcasts what the others need, so
// that they never read a configuration of their own (a default folder name with a timestamp, a
// relative path) that could differ. Rank 0 broadcasts exactly once per process: the job, or
// nothing (the command failed before, or needs no workers), and the others then exit.
//
// Failures (docs/exit-statuses.md, Distributed runs): once the ranks work together (a job was
// handed out, or a command such as `tune` that runs in lockstep from its start), a failure that
// one rank sees alone must not leave the others waiting: either the ranks agree on it at their
// next collective step, or end_after_failure() ends the whole job (MPI_Abort). Before that, rank
// 0 releases the others, which are waiting for its job.

#include <memory>
#include <string>

#include "cluster/transport.hpp"

namespace draughts::cluster {

/// See the top of the file.
class Cluster {
  public:
    explicit Cluster(std::unique_ptr<Transport> transport) : transport_(std::move(transport)) {}

    Transport& transport() { return *transport_; }
    int rank() const { return transport_->rank(); }
    int size() const { return transport_->size(); }
    bool is_root() const { return transport_->rank() == 0; }

    /// Rank 0: hands `job` to the other ranks (at most once; later calls do nothing).
    void announce(const std::string& job);
    /// Rank 0: tells the other ranks there is nothing to do, unless a job was announced.
    void release() { announce(""); }
    /// The other ranks: waits for rank 0's job (empty: nothing to do).
    std::string await_job();
    /// Every rank: from now on the ranks work in lockstep (a command without a job to hand out).
    void engage() { engaged_ = true; }
    /// True once the ranks work together: a job was handed out or taken, or engage() was called.
    bool engaged() const { return engaged_; }

    /// After a failure this rank alone saw (printed by the caller, naming this rank): ends every
    /// rank with `status` when they work together; otherwise rank 0 releases the others, which
    /// wait for its job, and the caller returns `status` as usual.
    void end_after_failure(int status);

  private:
    std::unique_ptr<Transport> transport_;
    bool announced_ = false;
    bool engaged_ = false;
};

}  // namespace draughts::cluster
