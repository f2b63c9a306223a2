#include "spsa/spsa_schedule.hpp"

#include <algorithm>
#include <cmath>

#include "common/portable_random.hpp"

namespace draughts::spsa {

namespace {

/// The smallest perturbation of an integer parameter: below it, probabilistic rounding would
/// mostly give both sides the same value (OpenBench's rule).
constexpr double kMinIntegerC = 0.5;

/// The generator of iteration k's draws: a function of the seed and k alone.
PortableRandom draws(std::uint64_t seed, int k) {
    const std::uint64_t base = SplitMix64(seed).next();
    constexpr std::uint64_t kOdd = 0xD1B54A32D192ED03;
    return PortableRandom(base ^ (static_cast<std::uint64_t>(k) * kOdd));
}

}  // namespace

SpsaSchedule::SpsaSchedule(std::vector<SpsaParameter> parameters, int iterations,
                           double a_stability, double alpha, double gamma, std::uint64_t seed)
    : parameters_(std::move(parameters)),
      iterations_(iterations),
      a_stability_(a_stability),
      alpha_(alpha),
      gamma_(gamma),
      seed_(seed) {
    const double n = iterations;
    for (const SpsaParameter& p : parameters_) {
        c_.push_back(p.c_end * std::pow(n, gamma_));
        const double a_end = p.r_end * p.c_end * p.c_end;
        a_.push_back(a_end * std::pow(a_stability_ + n, alpha_));
    }
}

double SpsaSchedule::c_k(std::size_t p, int k) const {
    const double c = c_[p] / std::pow(double(k), gamma_);
    return parameters_[p].integer ? std::max(c, kMinIntegerC) : c;
}

double SpsaSchedule::a_k(std::size_t p, int k) const {
    return a_[p] / std::pow(a_stability_ + k, alpha_);
}

double SpsaSchedule::r_k(std::size_t p, int k) const {
    const double c = c_k(p, k);
    return a_k(p, k) / (c * c);
}

std::vector<double> SpsaSchedule::start() const {
    std::vector<double> theta;
    for (const SpsaParameter& p : parameters_) theta.push_back(p.start);
    return theta;
}

double SpsaSchedule::clip(std::size_t p, double value) const {
    return std::clamp(value, parameters_[p].min, parameters_[p].max);
}

Perturbation SpsaSchedule::perturb(int k, const std::vector<double>& theta) const {
    PortableRandom random = draws(seed_, k);
    Perturbation out;
    for (std::size_t p = 0; p < parameters_.size(); ++p) {
        const int flip = (random.next() >> 63) != 0 ? 1 : -1;
        const double u = random.uniform();
        const double c = c_k(p, k);
        double plus = theta[p] + c * flip;
        double minus = theta[p] - c * flip;
        if (parameters_[p].integer) {
            plus = std::floor(plus + u);
            minus = std::floor(minus + u);
        }
        out.flips.push_back(flip);
        out.plus.push_back(clip(p, plus));
        out.minus.push_back(clip(p, minus));
    }
    return out;
}

std::vector<double> SpsaSchedule::update(int k, const std::vector<double>& theta, int wins,
                                         int losses) const {
    const Perturbation sides = perturb(k, theta);
    std::vector<double> next = theta;
    const double result = wins - losses;
    for (std::size_t p = 0; p < parameters_.size(); ++p)
        next[p] = clip(p, theta[p] + r_k(p, k) * c_k(p, k) * result * sides.flips[p]);
    return next;
}

engine::ParameterValues SpsaSchedule::values(const std::vector<double>& theta) const {
    engine::ParameterValues out;
    for (std::size_t p = 0; p < parameters_.size(); ++p) {
        const auto type =
            parameters_[p].integer ? engine::ParameterType::Int : engine::ParameterType::Real;
        out.emplace_back(parameters_[p].name, engine::parameter_text(theta[p], type));
    }
    return out;
}

std::vector<double> SpsaSchedule::rounded(const std::vector<double>& theta) const {
    std::vector<double> out = theta;
    for (std::size_t p = 0; p < parameters_.size(); ++p)
        if (parameters_[p].integer) out[p] = std::round(out[p]);
    return out;
}

}  // namespace draughts::spsa
