#pragma once
// Adam (Kingma and Ba, 2015) over the weight vector: per-parameter step sizes from running
// averages of the gradient and of its square, with bias correction.

#include <Eigen/Dense>
#include <cstdint>

namespace draughts::tuner {

/// Adam's constants.
struct AdamSettings {
    double beta1 = 0.9;
    double beta2 = 0.999;
    double epsilon = 1e-8;
};

/// Adam's state (first and second moments, step count) and its update rule.
class AdamOptimizer {
  public:
    AdamOptimizer(Eigen::Index parameters, AdamSettings settings);

    /// One step: moves `weights` against `gradient`, scaled by `learning_rate`. Parameters whose
    /// `trainable` entry is 0 neither move nor gather moments.
    void step(Eigen::VectorXd& weights, const Eigen::VectorXd& gradient, double learning_rate,
              const Eigen::ArrayXd& trainable);

    const AdamSettings& settings() const { return settings_; }
    const Eigen::VectorXd& first_moment() const { return m_; }
    const Eigen::VectorXd& second_moment() const { return v_; }
    std::uint64_t steps() const { return steps_; }
    /// Restores a saved state (sizes must match the optimiser's).
    void restore(Eigen::VectorXd first_moment, Eigen::VectorXd second_moment, std::uint64_t steps);

  private:
    AdamSettings settings_;
    Eigen::VectorXd m_;
    Eigen::VectorXd v_;
    std::uint64_t steps_ = 0;
};

}  // namespace draughts::tuner
