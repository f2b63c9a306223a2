#pragma once
// Running a prepared match for `draughts match`: the tournament with Ctrl-C handling, progress,
// the JSON stream, summary.json, the final report and the exit status.

#include <filesystem>
#include <string>

#include "app/commands.hpp"
#include "app/exit_statuses.hpp"
#include "harness/config/match_config.hpp"
#include "harness/tournament/provenance.hpp"
#include "harness/tournament/tournament.hpp"
#include "records/results_folder.hpp"

namespace draughts::cluster {
class Cluster;
}

namespace draughts::app {

/// How the run reports.
struct MatchOutput {
    bool json = false;   ///< JSON lines on stdout: each game, then a summary object
    bool quiet = false;  ///< no progress lines
    /// Seconds between progress lines when the output is not a terminal (a file, a CI log).
    double progress_interval = 10.0;
    /// Seconds without a finished game before the run says so (and again as long as it lasts),
    /// even with `quiet`: a run never looks like a silent hang.
    double heartbeat = 60.0;
};

/// How a run ended.
struct MatchRunEnd {
    int status = kExitOk;  ///< the exit status
    /// The run failed before any game was recorded in its folder (e.g. an engine could not
    /// start): a folder created for it holds nothing worth keeping.
    bool failed_before_first_game = false;
};

/// Runs the match in an open results folder (`stored`: what it already holds); summary.json
/// carries `provenance` (recorded in config.yaml by the caller) with the time the run ended.
/// `provenance` may be null (datagen's match records none yet). `scope`: the shard and the stop
/// file of the run. `cluster` (rank 0 under mpirun or srun, else null): the other ranks play
/// games too (cluster/distributed_match.hpp).
MatchRunEnd run_match(const harness::MatchConfig& config, harness::ResultsFolder& folder,
                      const harness::StoredRun& stored, const MatchOutput& output,
                      const harness::Provenance* provenance, const harness::RunScope& scope = {},
                      cluster::Cluster* cluster = nullptr);

}  // namespace draughts::app
