#pragma once
// The message layer of a distributed run (a run started by mpirun or srun): ranks 0 .. size-1
// exchange byte strings. Only one thread of a process (the one that created the transport)
// calls it: Open MPI is initialised with MPI_THREAD_FUNNELED, and game threads hand their
// results to that thread through queues (see match_worker.hpp).
//
// The interface keeps MPI out of every other file: a build without Open MPI compiles
// cluster/no_mpi.cpp instead of cluster/mpi/, and join_cluster() then never finds a cluster.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"

namespace draughts::cluster {

/// A message received from another rank.
struct Message {
    int from = 0;
    std::string bytes;
};

/// Point-to-point messages, a broadcast and an exact sum across the ranks; see the top.
class Transport {
  public:
    virtual ~Transport() = default;
    virtual int rank() const = 0;
    virtual int size() const = 0;
    /// Sends `bytes` to rank `to`; messages between two ranks arrive in the order sent.
    virtual void send(int to, const std::string& bytes) = 0;
    /// The next message from any rank, if one has arrived (never blocks).
    virtual std::optional<Message> poll() = 0;
    /// Rank 0's `bytes` on every rank (collective: every rank calls it).
    virtual std::string broadcast(const std::string& bytes) = 0;
    /// Every rank's `values` summed element by element, on every rank (collective). Integer
    /// sums are exact, so the result does not depend on the number of ranks.
    virtual void sum(std::vector<std::int64_t>& values) = 0;
    /// Ends every rank of the job at once with exit status `status` (MPI_Abort): for a failure
    /// that the other ranks cannot learn of while they wait for this one (in a collective step,
    /// or for messages). Never returns.
    [[noreturn]] virtual void abort(int status) = 0;
};

/// True when this build can run distributed (it was built with Open MPI).
bool built_with_mpi();

/// True when a launcher started this process as one rank of several (mpirun, srun): Open MPI's,
/// PMIx's or Slurm's environment variables say so.
bool launched_as_rank();

/// Joins the cluster when launched as a rank: initialises MPI (MPI_THREAD_FUNNELED) and returns
/// the transport; nullptr when this process runs alone. An error when launched as a rank of a
/// build without Open MPI (every rank would otherwise run the whole command).
Expected<std::unique_ptr<Transport>> join_cluster(int& argc, char**& argv);

}  // namespace draughts::cluster
