#pragma once
// Rank 0 of a distributed match. Its game threads and the other ranks (workers) draw pairs from
// one queue, the pending pairs in schedule order: local games through LocalFeed, workers
// through leases. Rank 0 alone records: a worker's finished pair arrives as a message and goes
// through Tournament::record_remote (the results folder, the counts, the SPRT, the observer),
// exactly like a local one. Once the tournament accepts no new pair (the SPRT decided, the stop
// file appeared, an interrupt or a failure), rank 0 hands out no lease and tells every worker to
// start none of the leased pairs it still holds; pairs already running finish and count.
//
// This runs on the thread that owns the transport (MPI_THREAD_FUNNELED); the tournament's
// run() runs on another thread meanwhile.

#include <cstdint>
#include <deque>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

#include "cluster/match_messages.hpp"
#include "cluster/transport.hpp"
#include "harness/tournament/tournament.hpp"

namespace draughts::cluster {

/// What the coordination cost and carried, for summary.json and the benchmarks.
struct CoordinatorStats {
    std::int64_t messages_received = 0;
    std::int64_t messages_sent = 0;
    std::int64_t bytes_received = 0;
    std::int64_t remote_pairs = 0;
    double cpu_seconds = 0.0;  ///< CPU time of the coordinating thread
};

/// Where rank 0 takes the pairs it leases: a match's queue of pending pairs, or the iterations
/// of a tuning run (spsa/spsa_run.hpp), whose pairs carry parameter values. Thread-safe.
class LeaseSource {
  public:
    virtual ~LeaseSource() = default;
    /// Pairs to lease now, about `count` of them; never waits. An empty lease with `finished`
    /// unset is no answer yet (the worker's request waits until pairs are free).
    virtual Lease take(std::size_t count, bool& finished) = 0;
    /// A leased pair that could not be played.
    virtual void not_played(std::uint64_t /*pair*/) {}
    /// Pairs that were never handed out.
    virtual std::int64_t left() const = 0;
};

/// Rank 0's side; see the top of the file.
class MatchCoordinator {
  public:
    /// Leases the match's pending pairs (the local threads take them from local_feed()).
    MatchCoordinator(Transport& transport, harness::Tournament& tournament);
    /// Leases the pairs of `source` (the local threads take them through the tournament's own
    /// feed).
    MatchCoordinator(Transport& transport, harness::Tournament& tournament, LeaseSource& source);

    /// Rank 0's own game threads take pairs here.
    harness::PairFeed& local_feed() { return feed_; }

    /// Serves the workers until `local` (the tournament's run()) has ended and every worker
    /// has reported its last pair; returns the run's outcome.
    harness::RunOutcome serve(std::future<harness::RunOutcome>& local);

    const CoordinatorStats& stats() const { return stats_; }

  private:
    /// The shared queue of pairs not yet handed out.
    class Queue final : public harness::PairFeed, public LeaseSource {
      public:
        Queue(harness::Tournament& t, const std::vector<std::uint64_t>& pending);
        std::optional<std::uint64_t> next() override;
        Lease take(std::size_t count, bool& finished) override;
        std::int64_t left() const override;

      private:
        harness::Tournament& tournament_;
        mutable std::mutex mutex_;
        std::deque<std::uint64_t> pairs_;
    };

    /// Handles one message; false when nothing had arrived.
    bool handle_next();
    /// Answers the requests for leases that can be answered now.
    void answer_wants();
    void send(int to, const std::string& bytes);

    Transport& transport_;
    harness::Tournament& tournament_;
    Queue feed_;
    LeaseSource& source_;
    std::map<int, std::int64_t> wants_;  ///< unanswered requests: rank, pairs wanted
    std::vector<bool> done_;             ///< per rank: reported its last pair
    int working_ = 0;                    ///< workers that have not reported their last pair
    bool stop_sent_ = false;
    std::int64_t dropped_ = 0;
    CoordinatorStats stats_;
};

}  // namespace draughts::cluster
