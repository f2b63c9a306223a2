#pragma once
// The training loop: Adam on the Texel loss over a training store, with mini-batches or full
// batches, L2 regularisation toward the starting weights, frozen parameters, the training and
// hold-out losses after every epoch (both of the weights the epoch ended with), the best epoch by
// hold-out loss with its weights, and a state that can be saved and restored so that a resumed
// run ends with exactly the weights of an uninterrupted one (every step is deterministic; see
// loss.hpp).

#include <Eigen/Dense>
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/eval_weights.hpp"
#include "tuner/adam_optimizer.hpp"
#include "tuner/coefficient_store.hpp"
#include "tuner/loss.hpp"

namespace draughts::tuner {

/// Everything that shapes a run (apart from the data and the starting weights).
struct TunerSettings {
    LossKind loss = LossKind::MeanSquaredError;
    double k = 1.0;                    ///< sigmoid constant (fitted beforehand, see k_fit.hpp)
    double score_weight = 0.0;         ///< share of the label from the search score (loss.hpp)
    std::size_t batch_size = 0;        ///< rows per Adam step; 0 = the whole training set
    double learning_rate = 1.0;        ///< Adam step size, engine units
    double learning_rate_decay = 1.0;  ///< factor applied to the rate after each epoch
    double l2 = 0.0;                   ///< weight of sum_j (w_j - start_j)^2 added to the loss
    AdamSettings adam;
    std::uint64_t seed = 1;    ///< order of mini-batches
    std::vector<bool> frozen;  ///< per parameter; empty = none frozen
    /// This process's share of the rows in a distributed run (null: all); must outlive.
    const RowPartition* partition = nullptr;
};

/// What one epoch achieved. Both losses are of the weights at the end of the epoch, so that
/// the curve compares like with like (the batches' own losses were each taken before a step).
struct EpochReport {
    int epoch = 0;              ///< 1 for the first epoch
    double train_loss = 0.0;    ///< loss on the training set after the epoch
    double holdout_loss = 0.0;  ///< loss on the hold-out set after the epoch (0 without one)
    double learning_rate = 0.0;
    double seconds = 0.0;     ///< wall time of the epoch
    std::uint64_t steps = 0;  ///< Adam steps so far
    int best_epoch = 0;       ///< the best epoch so far, this one included (0: the start)
};

/// A resumable snapshot of a run.
struct TunerState {
    int epoch = 0;
    Eigen::VectorXd weights;
    AdamOptimizer optimizer{0, {}};
    std::vector<EpochReport> history;
    /// The epoch whose weights had the lowest hold-out loss (the last epoch without a hold-out
    /// set); 0 when no epoch improved on the starting weights.
    int best_epoch = 0;
    double best_holdout_loss = 0.0;
    Eigen::VectorXd best_weights;
};

/// Runs epochs of Adam over a training store.
class TexelTuner {
  public:
    /// `holdout` may be null or empty. `start` holds one weight per parameter of the stores.
    TexelTuner(const CoefficientStore& train, const CoefficientStore* holdout,
               Eigen::VectorXd start, TunerSettings settings);

    /// Runs one epoch and returns its report (also kept in history()).
    EpochReport run_epoch();

    int epoch() const { return state_.epoch; }
    const Eigen::VectorXd& weights() const { return state_.weights; }
    /// The best epoch so far and its weights (see TunerState).
    int best_epoch() const { return state_.best_epoch; }
    const Eigen::VectorXd& best_weights() const { return state_.best_weights; }
    /// Whether a hold-out set judges the epochs (else the last epoch is the best). By the whole
    /// set's rows: in a distributed run a rank may hold none of them, and must still take the
    /// same (collective) steps as the others.
    bool has_holdout() const { return holdout_ != nullptr && holdout_->total_rows() > 0; }
    const Eigen::VectorXd& start() const { return start_; }
    const TunerSettings& settings() const { return settings_; }
    const std::vector<EpochReport>& history() const { return state_.history; }
    const TunerState& state() const { return state_; }
    /// Replaces the state with a saved one (same number of parameters).
    void restore(TunerState state);

    /// Learning rate used in epoch `epoch` (1-based).
    double learning_rate(int epoch) const;
    /// Data losses (no regularisation term) at the current weights, or at `weights`.
    double train_loss() const { return train_loss(state_.weights); }
    double holdout_loss() const { return holdout_loss(state_.weights); }
    double train_loss(const Eigen::VectorXd& weights) const;
    double holdout_loss(const Eigen::VectorXd& weights) const;
    /// A hash of the settings and of both (whole) stores: a checkpoint fits a run when they
    /// agree. Computed once by the constructor, which in a distributed run every process calls.
    std::uint64_t fingerprint() const { return fingerprint_; }

  private:
    /// One Adam step on `rows`.
    void step(RowRange rows, double learning_rate);
    /// Makes the epoch just reported the best one if its hold-out loss is lower.
    void update_best(EpochReport& report);
    std::uint64_t compute_fingerprint() const;

    const CoefficientStore& train_;
    const CoefficientStore* holdout_;
    Eigen::VectorXd start_;
    TunerSettings settings_;
    LossFunction loss_;
    Eigen::ArrayXd trainable_;
    TunerState state_;
    Eigen::VectorXd gradient_;
    std::uint64_t fingerprint_ = 0;
};

/// Rounds tuned weights to the engine's integers (to nearest, halves away from zero), as weights
/// of type W (engine::BasicEvalWeights of the run's variant).
template <typename W = engine::EvalWeights>
W round_weights(const Eigen::VectorXd& weights) {
    W out = W::zero();
    for (Eigen::Index i = 0; i < weights.size(); ++i) {
        const double w = std::clamp(weights[i], double{INT_MIN}, double{INT_MAX});
        out.set(static_cast<std::size_t>(i), static_cast<int>(std::lround(w)));
    }
    return out;
}

/// The engine's weights as a real vector.
template <typename W>
Eigen::VectorXd to_vector(const W& weights) {
    Eigen::VectorXd out(static_cast<Eigen::Index>(weights.values().size()));
    for (std::size_t i = 0; i < weights.values().size(); ++i)
        out[static_cast<Eigen::Index>(i)] = weights.values()[i];
    return out;
}

}  // namespace draughts::tuner
