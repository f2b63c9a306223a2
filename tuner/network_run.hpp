#pragma once
// A network training run in a folder (`draughts train-network`, docs/network.md): the data set
// (of any variant: the file says which) split into a training part and a hold-out tail, epochs of
// the network trainer with a checkpoint after each, the loss curve, and at the end the best
// epoch's network quantised for the engine, with the error quantisation costs.
//
// The folder: checkpoint.bin (resume with the same data and settings), curve.jsonl (one line per
// epoch, rewritten after each), network.bin (engine/network.hpp's file form) and summary.json,
// both written when the run ends or is stopped.

#include <atomic>
#include <filesystem>
#include <functional>

#include "common/expected.hpp"
#include "rules/variant.hpp"
#include "tuner/network_trainer.hpp"

namespace draughts::tuner {

struct NetworkRunConfig {
    std::filesystem::path data;
    std::filesystem::path output;
    int epochs = 10;
    double holdout = 0.05;  ///< the share of the data, from its end, kept for judging epochs
    NetworkLabels labels;   ///< labels.k is also the loss's K (settings.k is set from it)
    NetworkTrainerSettings settings;
};

/// What a run did.
struct NetworkRunSummary {
    std::filesystem::path folder;
    rules::Variant variant = rules::Variant::International;
    std::size_t samples = 0;    ///< in the data set
    std::size_t not_quiet = 0;  ///< dropped: the side to move had a capture
    std::size_t train = 0;
    std::size_t holdout = 0;
    int epochs = 0;
    int best_epoch = 0;
    double start_holdout_loss = 0.0;
    double holdout_loss = 0.0;          ///< of the best epoch
    double train_loss = 0.0;            ///< the last epoch's
    double positions_per_second = 0.0;  ///< over all epochs
    QuantisationError quantisation;     ///< on the hold-out set (the training set without one)
    std::size_t saturated = 0;
    bool interrupted = false;
    double seconds = 0.0;
};

struct NetworkRunObserver {
    std::function<void(const NetworkRunSummary&)> on_data;  ///< sizes only, before training
    std::function<void(const NetworkEpochReport&)> on_epoch;
};

/// Runs (or with `resume`, continues) the run; `stop` (may be null) ends it after the current
/// epoch, writing the network of the best epoch so far. A folder that holds a checkpoint is
/// refused without `resume`, and `resume` without one.
Expected<NetworkRunSummary> run_network_training(const NetworkRunConfig& config, bool resume,
                                                 const std::atomic<bool>* stop,
                                                 const NetworkRunObserver& observer);

}  // namespace draughts::tuner
