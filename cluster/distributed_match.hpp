#pragma once
// A match played by every rank of a cluster (see match_coordinator.hpp and match_worker.hpp):
// rank 0 runs it with run_distributed(); the other ranks call serve_match() for the command.

#include <filesystem>
#include <functional>

#include "cluster/cluster.hpp"
#include "cluster/match_coordinator.hpp"
#include "harness/config/match_config.hpp"
#include "harness/tournament/tournament.hpp"

namespace draughts::cluster {

/// Rank 0: hands the match (its configuration as it runs, and the results folder) to the other
/// ranks, runs the tournament with them and returns its outcome once every rank has finished.
/// `stats` receives what the coordination cost.
harness::RunOutcome run_distributed(Cluster& cluster, harness::Tournament& tournament,
                                    const harness::MatchConfig& config,
                                    const std::filesystem::path& folder,
                                    const harness::Tournament::Observer& observer,
                                    CoordinatorStats& stats);

/// The other ranks: waits for rank 0's match and plays its part; returns the exit status (0
/// when rank 0 had no match for them).
int serve_match(Cluster& cluster);

}  // namespace draughts::cluster
