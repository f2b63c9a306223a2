#pragma once
// An SPSA run played by every rank of a cluster: rank 0 keeps the run (spsa/spsa_run.hpp) and
// its games folder, and leases whole iterations, with each pair's parameter values, to the other
// ranks, which play them like a match's leased pairs (cluster/match_worker.hpp; they call
// serve_match). Every pair's values are those one process would give it, so the trajectory is
// the same on any number of ranks.

#include <filesystem>

#include "cluster/cluster.hpp"
#include "harness/config/match_config.hpp"
#include "harness/tournament/tournament.hpp"
#include "spsa/spsa_run.hpp"

namespace draughts::cluster {

/// Rank 0: hands the pairs' match (`games`, in `folder`) to the other ranks, runs the
/// tournament (whose feed is `run`) with them, and returns its outcome once every rank is done.
harness::RunOutcome run_distributed_spsa(Cluster& cluster, harness::Tournament& tournament,
                                         spsa::SpsaRun& run, const harness::MatchConfig& games,
                                         const std::filesystem::path& folder,
                                         const harness::Tournament::Observer& observer);

}  // namespace draughts::cluster
