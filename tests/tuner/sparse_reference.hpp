#pragma once
// A second, independent implementation of the Texel loss and gradient with Eigen's sparse
// matrices (rows = positions, columns = parameters, entries v / kPhaseScale), used only to check
// the fused parallel pass of tuner/loss.cpp.

#include <Eigen/Dense>
#include <Eigen/Sparse>
#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/evaluate.hpp"
#include "tuner/coefficient_store.hpp"
#include "tuner/loss.hpp"

namespace draughts::tuner::test {

/// The store as a sparse matrix of real coefficients.
inline Eigen::SparseMatrix<double, Eigen::RowMajor> sparse_matrix(const CoefficientStore& store) {
    std::vector<Eigen::Triplet<double>> triplets;
    for (std::size_t r = 0; r < store.size(); ++r)
        for (const auto& c : store.coefficients(r))
            triplets.emplace_back(static_cast<int>(r), static_cast<int>(c.index),
                                  static_cast<double>(c.value) / engine::kPhaseScale);
    Eigen::SparseMatrix<double, Eigen::RowMajor> m(
        static_cast<Eigen::Index>(store.size()),
        static_cast<Eigen::Index>(store.parameter_count()));
    m.setFromTriplets(triplets.begin(), triplets.end());
    return m;
}

/// Results as a vector of 0, 0.5, 1.
inline Eigen::VectorXd results(const CoefficientStore& store) {
    Eigen::VectorXd r(static_cast<Eigen::Index>(store.size()));
    for (std::size_t i = 0; i < store.size(); ++i)
        r[static_cast<Eigen::Index>(i)] = outcome_score(store.result(i));
    return r;
}

/// Loss and gradient computed with matrix products: e = A w, g = A^T (dL/de) / N.
inline double reference_loss(const CoefficientStore& store, const Eigen::VectorXd& weights,
                             LossKind kind, double k, Eigen::VectorXd* gradient) {
    const auto a = sparse_matrix(store);
    const Eigen::VectorXd r = results(store);
    const Eigen::VectorXd e = a * weights;
    const double n = static_cast<double>(store.size());
    Eigen::VectorXd s(e.size()), de(e.size());
    double loss = 0.0;
    for (Eigen::Index i = 0; i < e.size(); ++i) {
        s[i] = sigmoid(e[i], k);
        const double ds = s[i] * (1.0 - s[i]) * k * std::log(10.0) / kSigmoidScale;
        if (kind == LossKind::MeanSquaredError) {
            loss += (r[i] - s[i]) * (r[i] - s[i]);
            de[i] = 2.0 * (s[i] - r[i]) * ds;
        } else {
            loss -= r[i] * std::log(s[i]) + (1.0 - r[i]) * std::log(1.0 - s[i]);
            de[i] = (s[i] - r[i]) / (s[i] * (1.0 - s[i])) * ds;
        }
    }
    if (gradient != nullptr) *gradient = a.transpose() * de / n;
    return loss / n;
}

/// Largest |a_i - b_i| relative to the largest |b_i|, as a plain loop: Eigen's vectorised
/// reductions trip a false -Wmaybe-uninitialized in GCC 12's AVX-512 headers.
inline double relative_difference(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    double difference = 0.0;
    double scale = 0.0;
    for (Eigen::Index i = 0; i < b.size(); ++i) {
        difference = std::max(difference, std::abs(a[i] - b[i]));
        scale = std::max(scale, std::abs(b[i]));
    }
    return scale > 0.0 ? difference / scale : difference;
}

/// Largest |v_i|.
inline double max_abs(const Eigen::VectorXd& v) {
    double m = 0.0;
    for (Eigen::Index i = 0; i < v.size(); ++i) m = std::max(m, std::abs(v[i]));
    return m;
}

/// Root mean square of a - b.
inline double rms_difference(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    double sum = 0.0;
    for (Eigen::Index i = 0; i < a.size(); ++i) sum += (a[i] - b[i]) * (a[i] - b[i]);
    return std::sqrt(sum / static_cast<double>(a.size()));
}

}  // namespace draughts::tuner::test
