#pragma once
// Synthetic tuning problems with known answers, for validating the tuner and measuring its speed:
// random "true" weights, random sparse coefficient rows shaped like the engine's (tapered terms
// whose middle-game and endgame coefficients are f * p and f * (kPhaseScale - p), and untapered
// table entries of +-kPhaseScale), and results drawn so that E[R] = sigmoid(true eval) under a
// draw model. A correct tuner recovers the true weights, with an error shrinking like 1/sqrt(N).

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>

#include "tuner/coefficient_store.hpp"

namespace draughts::tuner {

/// Shape of a synthetic problem.
struct SyntheticSpec {
    std::size_t terms = 100;         ///< tapered terms: parameters 2t (middle game), 2t+1 (endgame)
    std::size_t table_entries = 0;   ///< untapered parameters after the terms
    std::size_t terms_per_row = 12;  ///< distinct terms with a non-zero feature in each row
    std::size_t table_hits_per_row = 0;  ///< distinct table entries hit in each row
    int max_feature = 3;                 ///< features are drawn from +-1..max_feature
    double weight_range = 500.0;         ///< true weights uniform in +-weight_range
    double k = 1.0;                      ///< sigmoid constant of the results
    /// Draw share: P(draw) = draw_share * 2 min(s, 1 - s), so E[R] = s whatever the share.
    double draw_share = 0.5;
    std::uint64_t seed = 1;

    std::size_t parameter_count() const { return 2 * terms + table_entries; }
};

/// True weights of a spec (depend only on its seed and sizes).
Eigen::VectorXd synthetic_true_weights(const SyntheticSpec& spec);

/// `rows` rows drawn for `spec` with results from `true_weights`; `stream` selects independent
/// draws from the same spec (for example training and hold-out sets).
CoefficientStore synthetic_store(const SyntheticSpec& spec, const Eigen::VectorXd& true_weights,
                                 std::size_t rows, std::uint64_t stream);

}  // namespace draughts::tuner
