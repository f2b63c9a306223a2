#pragma once
// The arithmetic of SPSA as fishtest and OpenBench run it (docs/spsa.md cites their code):
//
//   setup, N iterations:   c = c_end * N^gamma        a_end = r_end * c_end^2
//                          a = a_end * (A + N)^alpha  (A defaults to 0.1 N)
//   iteration k (1..N):    c_k = c / k^gamma          (integers: at least 0.5, as OpenBench)
//                          a_k = a / (A + k)^alpha    R_k = a_k / c_k^2
//   perturbation:          flip = +1 or -1 per parameter; theta+ = theta + c_k flip and
//                          theta- = theta - c_k flip, integers rounded probabilistically
//                          (floor(x + u) with one uniform u for both sides), clipped to
//                          [min, max]
//   update:                theta <- clip(theta + R_k c_k (W - L) flip), W and L the games
//                          theta+ won and lost against theta- in the iteration's pairs
//
// The random draws of iteration k come from a generator seeded by (seed, k) alone, so any
// process computes the same perturbation of any iteration at any time (resume, other ranks).

#include <cstdint>
#include <string>
#include <vector>

#include "engine/engine_parameters.hpp"

namespace draughts::spsa {

/// One tuned parameter: one line of fishtest's and OpenBench's parameter lists.
struct SpsaParameter {
    std::string name;
    bool integer = true;  ///< type int (else float)
    double start = 0.0;
    double min = 0.0;
    double max = 0.0;
    double c_end = 0.0;  ///< the perturbation at the last iteration
    double r_end = 0.0;  ///< the learning rate at the last iteration

    friend bool operator==(const SpsaParameter&, const SpsaParameter&) = default;
};

/// What the two sides of one iteration play with.
struct Perturbation {
    std::vector<int> flips;     ///< +1 or -1 per parameter
    std::vector<double> plus;   ///< theta+ (integers already rounded), clipped
    std::vector<double> minus;  ///< theta-
};

/// The gains and draws of a run; see the top of the file.
class SpsaSchedule {
  public:
    SpsaSchedule(std::vector<SpsaParameter> parameters, int iterations, double a_stability,
                 double alpha, double gamma, std::uint64_t seed);

    const std::vector<SpsaParameter>& parameters() const { return parameters_; }
    int iterations() const { return iterations_; }

    /// c_k, a_k and R_k of parameter `p` at iteration k (1-based).
    double c_k(std::size_t p, int k) const;
    double a_k(std::size_t p, int k) const;
    double r_k(std::size_t p, int k) const;

    /// The starting theta.
    std::vector<double> start() const;
    /// The sides of iteration k around `theta`.
    Perturbation perturb(int k, const std::vector<double>& theta) const;
    /// `theta` after iteration k with `wins` - `losses` of theta+ (flips as perturb(k, ...)).
    std::vector<double> update(int k, const std::vector<double>& theta, int wins, int losses) const;

    /// Values as engine parameter text, named (integers without a decimal point).
    engine::ParameterValues values(const std::vector<double>& theta) const;
    /// A theta for output: integers rounded to the nearest (halves away from zero).
    std::vector<double> rounded(const std::vector<double>& theta) const;

  private:
    double clip(std::size_t p, double value) const;

    std::vector<SpsaParameter> parameters_;
    int iterations_;
    double a_stability_;
    double alpha_;
    double gamma_;
    std::uint64_t seed_;
    std::vector<double> c_;  ///< per parameter
    std::vector<double> a_;
};

}  // namespace draughts::spsa
