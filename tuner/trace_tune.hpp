#pragma once
// `draughts tune` on another engine's evaluation traces (external_trace.hpp, docs/traces.md):
// the run of tune_run.hpp (K fit, Adam, hold-out, early stop, checkpoints, the same folder
// layout) with the trace's terms as parameters; weights.yaml is the named list of the best
// epoch's weights, real numbers, in the trace's units.

#include "common/expected.hpp"
#include "tuner/tune_run.hpp"

namespace draughts::tuner {

/// Runs the configuration's `trace`; errors name the file and line or the setting at fault.
/// One process only (a trace is not shared out between ranks).
Expected<TuneSummary> run_trace_tuning(const TuneConfig& config, const TuneRunOptions& options,
                                       const TuneObserver& observer);

}  // namespace draughts::tuner
