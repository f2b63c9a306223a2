#pragma once
// The steps a tuning run takes whatever its data (the built-in engine's data sets, tune_run.cpp,
// or another engine's traces, trace_tune.cpp): the run folder, the tuner's settings, the loss
// curve, the stopping rules and summary.json.

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "tuner/texel_tuner.hpp"
#include "tuner/tune_config.hpp"
#include "tuner/tune_run.hpp"

namespace draughts::tuner {

/// The run folder, created with config.yaml (unless `write` is false); checks that a resume has
/// a checkpoint and a new run none.
Expected<std::filesystem::path> prepare_folder(const TuneConfig& config, bool resume, bool write);
/// loss.csv's text.
std::string loss_curve(const std::vector<EpochReport>& history);
/// summary.json's object.
Json summary_json(const TuneSummary& s, const DataReport& d);
/// The tuner's settings from the configuration, K and the frozen parameters.
TunerSettings settings_for(const TuneConfig& config, double k, std::vector<bool> frozen,
                           const RowPartition* partition);
/// The header line of written weights: where they were tuned from (`source`, shown relative to
/// the working directory so that shipped files name no local folders), the epoch, K, the loss and
/// the score weight.
std::string weights_comment(const std::filesystem::path& source, const TexelTuner& tuner);
/// True when the run was asked to stop (Ctrl-C).
bool stop_requested(const TuneRunOptions& options);
/// True when the last `early_stop` epochs all failed to beat the best epoch's hold-out loss.
bool no_longer_improving(const TuneConfig& config, const TexelTuner& tuner);
/// Runs epochs until the configured number, early stop or a stop request, calling `save` every
/// `checkpoint_every` epochs and after the last; sets the summary's stopped_early and
/// interrupted.
Expected<void> run_epochs(const TuneConfig& config, const TuneRunOptions& options,
                          const TuneObserver& observer, TexelTuner& tuner,
                          const std::function<Expected<void>()>& save, TuneSummary& summary);

}  // namespace draughts::tuner
