#include "tuner/adam_optimizer.hpp"

#include <cassert>
#include <cmath>
#include <utility>

namespace draughts::tuner {

AdamOptimizer::AdamOptimizer(Eigen::Index parameters, AdamSettings settings)
    : settings_(settings),
      m_(Eigen::VectorXd::Zero(parameters)),
      v_(Eigen::VectorXd::Zero(parameters)) {}

void AdamOptimizer::step(Eigen::VectorXd& weights, const Eigen::VectorXd& gradient,
                         double learning_rate, const Eigen::ArrayXd& trainable) {
    assert(gradient.size() == m_.size() && weights.size() == m_.size());
    ++steps_;
    const auto& s = settings_;
    const double t = static_cast<double>(steps_);
    const double m_correction = 1.0 / (1.0 - std::pow(s.beta1, t));
    const double v_correction = 1.0 / (1.0 - std::pow(s.beta2, t));
    for (Eigen::Index i = 0; i < weights.size(); ++i) {
        if (trainable[i] == 0.0) continue;
        const double g = gradient[i];
        m_[i] = s.beta1 * m_[i] + (1.0 - s.beta1) * g;
        v_[i] = s.beta2 * v_[i] + (1.0 - s.beta2) * g * g;
        weights[i] -=
            learning_rate * (m_[i] * m_correction) / (std::sqrt(v_[i] * v_correction) + s.epsilon);
    }
}

void AdamOptimizer::restore(Eigen::VectorXd first_moment, Eigen::VectorXd second_moment,
                            std::uint64_t steps) {
    assert(first_moment.size() == m_.size() && second_moment.size() == v_.size());
    m_ = std::move(first_moment);
    v_ = std::move(second_moment);
    steps_ = steps;
}

}  // namespace draughts::tuner
