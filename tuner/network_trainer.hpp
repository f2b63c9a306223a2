#pragma once
// Training the network of engine/network.hpp (issue 38): the float network, mini-batch Adam on
// the same loss as the Texel tuner (the squared distance between the sigmoid of the evaluation
// and the label), threads, a hold-out set judging the epochs, and a checkpoint from which a
// stopped run resumes to the same bits as an uninterrupted one; then quantisation for the
// engine, with the error it costs measured.
//
// Determinism: each batch is cut into fixed chunks of kNetworkChunk samples, each chunk's
// gradient is summed on its own and the chunks are added in order, so the weights depend on the
// seed and the data only, never on the number of threads. The order of the samples in epoch e
// is a shuffle seeded by (seed, e).

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "common/expected.hpp"
#include "engine/network.hpp"
#include "tuner/adam_optimizer.hpp"
#include "tuner/dataset.hpp"

namespace draughts::tuner {

/// Samples per chunk of a batch (the unit of work of a thread, and of the fixed summation order).
inline constexpr std::size_t kNetworkChunk = 256;

/// Quiet positions with their inputs seen from both sides and their labels, ready to train on.
struct NetworkTrainingSet {
    rules::Variant variant = rules::Variant::International;
    int inputs = 0;                      ///< inputs of one perspective
    std::vector<std::uint16_t> active;   ///< the side to move's inputs, then the other side's
    std::vector<std::uint32_t> offsets;  ///< sample i: [offsets[2i], offsets[2i+1]) the side to
                                         ///< move's, [offsets[2i+1], offsets[2i+2]) the other's
    std::vector<float> labels;           ///< the side to move's expected score, 0..1

    std::size_t size() const { return labels.size(); }
};

/// How labels are made: the game result from the side to move's point of view, blended with the
/// sigmoid of the sample's search score where it has one.
struct NetworkLabels {
    double k = 1.0;             ///< sigmoid constant (as in loss.hpp)
    double score_weight = 0.0;  ///< 0: the result alone; 1: the score alone (where present)
};

/// What building a training set kept and dropped.
struct NetworkSetCounts {
    std::size_t kept = 0;
    std::size_t not_quiet = 0;  ///< the side to move had a capture: never evaluated in search
};

/// The quiet samples [begin, end) of `data` (the others are counted and dropped).
template <typename V>
NetworkTrainingSet network_training_set(const BasicDataset<V>& data, std::size_t begin,
                                        std::size_t end, NetworkLabels labels,
                                        NetworkSetCounts* counts = nullptr);

/// Everything that shapes a run apart from the data.
struct NetworkTrainerSettings {
    std::size_t batch_size = 16384;
    double learning_rate = 1e-3;
    double learning_rate_decay = 1.0;  ///< factor applied to the rate after each epoch
    double k = 1.0;                    ///< sigmoid constant of the loss
    AdamSettings adam;
    std::uint64_t seed = 1;  ///< initial weights and the order of the samples
};

/// One epoch's figures.
struct NetworkEpochReport {
    int epoch = 0;
    double train_loss = 0.0;    ///< the mean of the epoch's batch losses (each before its step)
    double holdout_loss = 0.0;  ///< after the epoch (0 without a hold-out set)
    double learning_rate = 0.0;
    double seconds = 0.0;
    double positions_per_second = 0.0;  ///< training samples through forward and backward passes
    int best_epoch = 0;
};

/// The float network's parameters, in one vector (layout: FloatNetworkLayout in the .cpp).
struct NetworkTrainerState {
    int epoch = 0;
    Eigen::VectorXd weights;
    AdamOptimizer optimizer{0, {}};
    std::vector<NetworkEpochReport> history;
    int best_epoch = 0;
    double best_holdout_loss = 0.0;
    Eigen::VectorXd best_weights;
};

/// Mean loss over `set` and, when `gradient` is not null, its gradient (same layout as weights).
double network_loss(const Eigen::VectorXd& weights, const NetworkTrainingSet& set,
                    std::size_t begin, std::size_t end, double k,
                    Eigen::VectorXd* gradient = nullptr);

/// Runs epochs of Adam over a training set, with an optional hold-out set.
class NetworkTrainer {
  public:
    /// Starts from weights drawn with the settings' seed. The sets must outlive the trainer.
    NetworkTrainer(const NetworkTrainingSet& train, const NetworkTrainingSet* holdout,
                   NetworkTrainerSettings settings);

    NetworkEpochReport run_epoch();

    const NetworkTrainerState& state() const { return state_; }
    const NetworkTrainerSettings& settings() const { return settings_; }
    /// A hash of the settings and both sets: a checkpoint fits this run when they agree.
    std::uint64_t fingerprint() const { return fingerprint_; }
    /// Replaces the state with a saved one (the same number of parameters).
    void restore(NetworkTrainerState state);
    double holdout_loss(const Eigen::VectorXd& weights) const;
    /// The hold-out loss of the initial weights (0 without a hold-out set), computed once.
    double start_holdout_loss() const { return start_holdout_loss_; }

  private:
    const NetworkTrainingSet& train_;
    const NetworkTrainingSet* holdout_;
    NetworkTrainerSettings settings_;
    NetworkTrainerState state_;
    Eigen::ArrayXd trainable_;
    std::uint64_t fingerprint_ = 0;
    double start_holdout_loss_ = 0.0;
};

/// The engine's quantised network of float weights, and how many weights did not fit their
/// integer type and were saturated.
struct QuantisedNetwork {
    engine::Network network;
    std::size_t saturated = 0;
};
QuantisedNetwork quantise_network(const Eigen::VectorXd& weights, rules::Variant variant);

/// Mean and largest |float - quantised| evaluation over `set`, in engine units.
struct QuantisationError {
    double mean = 0.0;
    double max = 0.0;
};
QuantisationError quantisation_error(const Eigen::VectorXd& weights, const engine::Network& network,
                                     const NetworkTrainingSet& set);

/// Saves the trainer's state (atomically), stamped with its fingerprint.
Expected<void> save_network_checkpoint(const NetworkTrainer& trainer,
                                       const std::filesystem::path& path);
/// Reads a checkpoint written by a trainer of the same run (fingerprint and sizes checked).
Expected<NetworkTrainerState> load_network_checkpoint(const std::filesystem::path& path,
                                                      const NetworkTrainer& trainer);

}  // namespace draughts::tuner
