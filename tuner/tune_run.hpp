#pragma once
// A whole tuning run as `draughts tune` performs it: load the data set (resolving positions to
// quiet leaves and tracing them unless the file carries coefficients), check every row against
// the engine's evaluation, split off the hold-out set, fit K on the starting weights (unless
// given), run Adam for the configured epochs with checkpoints, and write the results folder:
//
//   config.yaml      the resolved configuration
//   loss.csv         epoch, train_loss, holdout_loss (both of the weights the epoch ended
//                    with), learning_rate, seconds, epochs_per_second, best_epoch
//   checkpoint.bin   weights and optimiser state, for --resume
//   weights.yaml     the best epoch's weights (lowest hold-out loss; the last epoch's without a
//                    hold-out set), rounded to the engine's integers (also after checkpoints)
//   summary.json     K, losses before and after, the best epoch, counts and timings
//
// With `early_stop: N` the run ends once N epochs in a row did not beat the best epoch's
// hold-out loss.

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <vector>

#include "common/expected.hpp"
#include "tuner/texel_tuner.hpp"
#include "tuner/tune_config.hpp"

namespace draughts::tuner {

/// How the data set was loaded.
struct DataReport {
    std::size_t samples = 0;    ///< samples in the file
    std::size_t positions = 0;  ///< rows kept (quiet leaves with a legal move)
    std::size_t game_over = 0;  ///< dropped: the quiet leaf ends the game
    std::size_t too_deep = 0;   ///< dropped: capture line beyond the depth bound
    bool from_cache = false;    ///< the file carried coefficients
    std::size_t train = 0;
    std::size_t holdout = 0;
    double nonzeros_per_position = 0.0;
    double bytes_per_position = 0.0;  ///< memory of the training and hold-out stores
    double seconds = 0.0;             ///< loading, resolving and checking
    /// Rows held by each process of a distributed run (one entry in a one-process run): every
    /// process loads and keeps only its own share of the data set.
    std::vector<std::uint64_t> positions_per_rank;
};

/// Progress callbacks of a run (each may be empty).
struct TuneObserver {
    std::function<void(const DataReport&)> on_data;
    std::function<void(double k, double loss, bool fitted)> on_k;
    std::function<void(const EpochReport&)> on_epoch;
};

/// Options that are not part of the configuration.
struct TuneRunOptions {
    bool resume = false;  ///< continue from the folder's checkpoint
    /// Polled between epochs: when set, the run saves a checkpoint and returns.
    const std::atomic<bool>* stop = nullptr;
    /// Distributed runs: this process's share of the rows (null: all), and whether it writes
    /// the results folder (rank 0 only; the others compute the same steps and write nothing).
    const RowPartition* partition = nullptr;
    bool write = true;
};

/// What a finished (or stopped) run achieved.
struct TuneSummary {
    std::filesystem::path folder;
    double k = 1.0;
    bool k_fitted = false;
    int epochs = 0;              ///< epochs done in total (resumed runs included)
    int best_epoch = 0;          ///< the epoch whose weights were written (0: the starting weights)
    bool stopped_early = false;  ///< early_stop epochs without improvement ended the run
    bool interrupted = false;
    double start_train_loss = 0.0;
    double start_holdout_loss = 0.0;
    double train_loss = 0.0;  ///< with the best epoch's real-valued weights
    double holdout_loss = 0.0;
    double rounded_train_loss = 0.0;  ///< with those weights rounded as written
    double rounded_holdout_loss = 0.0;
    double seconds = 0.0;
};

/// Runs the configured tuning; errors name the file or setting at fault. Under a partition every
/// error is every rank's: a failure one rank sees alone (rank 0's writes, one rank's share of the
/// data set) is agreed at the next collective step (row_partition.hpp, agree), so that no rank
/// waits for another that has given up.
Expected<TuneSummary> run_tuning(const TuneConfig& config, const TuneRunOptions& options,
                                 const TuneObserver& observer);

/// The folder a configuration writes to: `output`, or results/tune-<local time> when empty.
std::filesystem::path tune_folder(const TuneConfig& config);

}  // namespace draughts::tuner
