#pragma once
// Fitting the sigmoid's K once, on the starting weights, so that the tuned weights keep the
// engine's scale: a 1-D minimisation of the loss over K (a logarithmic grid, then golden-section
// search between the best point's neighbours).

#include <Eigen/Dense>

#include "common/expected.hpp"
#include "tuner/coefficient_store.hpp"
#include "tuner/loss.hpp"

namespace draughts::tuner {

/// The fitted K and the loss there.
struct KFit {
    double k = 1.0;
    double loss = 0.0;
};

/// Searched interval of K.
inline constexpr double kMinK = 1e-3;
inline constexpr double kMaxK = 1e3;

/// Minimises the loss of `kind` over K at fixed `weights`. Fails when the best K lies on the
/// interval's bounds: a K near zero means the evaluation does not predict the results (scores
/// from the side to move instead of White, or weights that are all zero).
/// `partition`: this process's share of the rows in a distributed run (null: all).
Expected<KFit> fit_k(const CoefficientStore& store, const Eigen::VectorXd& weights, LossKind kind,
                     const RowPartition* partition = nullptr);

}  // namespace draughts::tuner
