#pragma once
// Running a match as `draughts match` runs it: the tournament with Ctrl-C handling, progress,
// the JSON stream, summary.json, the final report and the exit status. Here, below the program
// and the Python module, so that `draughts_toolkit.match()` runs the command's own code (the
// commands of app/ and python/bind_match.cpp are its two callers); distributed runs hand the
// games to the other ranks (cluster/distributed_match.hpp).

#include <filesystem>
#include <string>
#include <vector>

#include "common/exit_statuses.hpp"
#include "common/expected.hpp"
#include "harness/config/match_config.hpp"
#include "harness/tournament/match_check.hpp"
#include "harness/tournament/provenance.hpp"
#include "harness/tournament/run_inputs.hpp"
#include "harness/tournament/tournament.hpp"
#include "records/results_folder.hpp"

namespace draughts::cluster {

class Cluster;

/// How the run reports.
struct MatchOutput {
    bool json = false;   ///< JSON lines on stdout: each game, then a summary object
    bool quiet = false;  ///< no progress lines
    /// The report as text on stdout at the end (the command; Python reads summary.json instead).
    bool report_text = true;
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
                      Cluster* cluster = nullptr);

/// Who starts a new run, for its provenance: the program's version and commit, and the command
/// line (or the Python call) as given.
struct RunOrigin {
    std::string version;
    std::string commit;
    std::vector<std::string> command_line;
};

/// What is known of a new match before anything is created: its opening book and the hashes
/// of its input files (harness/tournament/match_check.hpp, run_inputs.hpp).
struct CheckedMatch {
    harness::MatchOpenings openings;
    std::vector<harness::InputFile> inputs;
};

/// Everything about a new match that can be checked without starting engines.
Expected<CheckedMatch> check_new_match(const harness::MatchConfig& config);

/// Starts and runs a new match of `config` (its output folder set, `checked` from
/// check_new_match): the results folder with the resolved configuration and the provenance, then
/// run_match. When no game was recorded the folder is removed (the same call can be retried).
/// An error before the run (the folder could not be created) is returned; errors of the run are
/// printed and in the exit status, as by `draughts match`.
Expected<MatchRunEnd> start_new_match(const harness::MatchConfig& config,
                                      const CheckedMatch& checked, const RunOrigin& origin,
                                      const MatchOutput& output, const harness::RunScope& scope,
                                      Cluster* cluster);

}  // namespace draughts::cluster
