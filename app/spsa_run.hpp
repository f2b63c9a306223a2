#pragma once
// Running an open SPSA folder for `draughts spsa`: the iterations on the tournament runner (on
// every rank under mpirun), Ctrl-C handling, progress with iterations per minute and ETA, the
// JSON stream, the outputs (final.yaml, weights.yaml, summary.json, report.html), the
// verification SPRT when configured, and the exit status.

#include "app/commands.hpp"
#include "spsa/spsa_folder.hpp"

namespace draughts::cluster {
class Cluster;
}

namespace draughts::app {

/// How a run reports.
struct SpsaOutput {
    bool json = false;   ///< JSON lines on stdout: each iteration, then a summary object
    bool quiet = false;  ///< no progress lines
};

/// Runs the folder's remaining iterations; returns the exit status (0 done, 1 the verification
/// SPRT accepted H0, 2 bad input or a failure, 128 + N interrupted by signal N).
int run_spsa(spsa::SpsaFolder& folder, const SpsaOutput& output, cluster::Cluster* cluster);

}  // namespace draughts::app
