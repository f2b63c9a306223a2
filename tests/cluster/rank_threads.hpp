#pragma once
// Runs the ranks of an in-process cluster (cluster/in_process_transport.hpp) on threads of the
// test, one per rank, and tells how each ended: its status, the job aborted, or a hang found.

#include <gtest/gtest.h>

#include <exception>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "cluster/cluster.hpp"
#include "cluster/in_process_transport.hpp"

namespace draughts::testing {

/// How one rank's thread ended.
struct RankEnd {
    int status = -1;        ///< what the rank's body returned
    int aborted = -1;       ///< the abort status, when the job was aborted
    std::string hang;       ///< the HangError's message, when the rank would have hung
    std::string exception;  ///< any other exception's message
};

/// Runs `body` for every rank of `ranks` at once, each with its Cluster; the Cluster (and so the
/// rank's transport) is destroyed when the body returns, as MPI_Finalize at the end of a process.
inline std::vector<RankEnd> run_ranks(cluster::InProcessCluster& ranks,
                                      const std::function<int(cluster::Cluster&)>& body) {
    std::vector<RankEnd> ends(static_cast<std::size_t>(ranks.size()));
    std::vector<std::thread> threads;
    for (int rank = 0; rank < ranks.size(); ++rank)
        threads.emplace_back([&, rank] {
            RankEnd& end = ends[static_cast<std::size_t>(rank)];
            try {
                cluster::Cluster cluster(ranks.join(rank));
                end.status = body(cluster);
            } catch (const cluster::Aborted& e) {
                end.aborted = e.status();
            } catch (const cluster::HangError& e) {
                end.hang = e.what();
            } catch (const std::exception& e) {
                end.exception = e.what();
            }
        });
    for (std::thread& t : threads) t.join();
    return ends;
}

/// Fails the test for every rank that would have hung or threw.
inline void expect_no_hang(const std::vector<RankEnd>& ends) {
    for (std::size_t r = 0; r < ends.size(); ++r) {
        EXPECT_TRUE(ends[r].hang.empty()) << "rank " << r << ": " << ends[r].hang;
        EXPECT_TRUE(ends[r].exception.empty()) << "rank " << r << ": " << ends[r].exception;
    }
}

}  // namespace draughts::testing
