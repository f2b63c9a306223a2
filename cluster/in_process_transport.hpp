#pragma once
// A cluster of N ranks inside one process, one thread per rank: the Transport of each rank
// passes messages through queues and meets the others for broadcast and sum. It makes the
// coordinator and worker paths testable without mpirun (tests/cluster), and it reports what a
// real cluster would only show as a hang:
//   - a rank that waits in a collective step after another rank has finished (its Transport
//     destroyed, as MPI_Finalize), or that keeps polling for messages for `hang_after` once
//     every other rank has finished, gets HangError;
//   - ranks that meet in different collective steps (a broadcast against a sum, sums of
//     different lengths) get HangError;
//   - abort() ends every rank: each one's next or current call throws Aborted, as MPI_Abort
//     would kill the process.

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>

#include "cluster/transport.hpp"

namespace draughts::cluster {

/// A rank of an in-process cluster would wait forever (see the top of the file).
class HangError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Some rank called abort(status): the job ends.
class Aborted : public std::runtime_error {
  public:
    Aborted(int status, int rank)
        : std::runtime_error("rank " + std::to_string(rank) + " aborted the job with status " +
                             std::to_string(status)),
          status_(status) {}
    int status() const { return status_; }

  private:
    int status_;
};

/// See the top of the file.
class InProcessCluster {
  public:
    explicit InProcessCluster(int size,
                              std::chrono::milliseconds hang_after = std::chrono::seconds(60));
    ~InProcessCluster();
    InProcessCluster(const InProcessCluster&) = delete;
    InProcessCluster& operator=(const InProcessCluster&) = delete;

    int size() const;
    /// The transport of rank `rank` (once each), for the thread that plays that rank.
    std::unique_ptr<Transport> join(int rank);
    /// The status some rank aborted the job with, or -1.
    int aborted_status() const;

    struct State;

  private:
    std::shared_ptr<State> state_;
};

}  // namespace draughts::cluster
