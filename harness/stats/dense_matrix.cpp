#include "harness/stats/dense_matrix.hpp"

#include <cassert>
#include <cmath>
#include <utility>

namespace draughts::harness {

DenseMatrix DenseMatrix::identity(std::size_t n) {
    DenseMatrix m(n, n);
    for (std::size_t i = 0; i < n; ++i) m(i, i) = 1.0;
    return m;
}

DenseMatrix DenseMatrix::transposed() const {
    DenseMatrix t(cols_, rows_);
    for (std::size_t r = 0; r < rows_; ++r)
        for (std::size_t c = 0; c < cols_; ++c) t(c, r) = (*this)(r, c);
    return t;
}

DenseMatrix operator*(const DenseMatrix& a, const DenseMatrix& b) {
    assert(a.cols() == b.rows());
    DenseMatrix p(a.rows(), b.cols());
    for (std::size_t r = 0; r < a.rows(); ++r)
        for (std::size_t k = 0; k < a.cols(); ++k)
            for (std::size_t c = 0; c < b.cols(); ++c) p(r, c) += a(r, k) * b(k, c);
    return p;
}

std::vector<double> DenseMatrix::operator*(std::span<const double> x) const {
    assert(x.size() == cols_);
    std::vector<double> y(rows_);
    for (std::size_t r = 0; r < rows_; ++r)
        for (std::size_t c = 0; c < cols_; ++c) y[r] += (*this)(r, c) * x[c];
    return y;
}

std::optional<DenseMatrix> inverse(const DenseMatrix& m) {
    assert(m.rows() == m.cols());
    const std::size_t n = m.rows();
    DenseMatrix a = m;
    DenseMatrix inv = DenseMatrix::identity(n);
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t r = col + 1; r < n; ++r)
            if (std::abs(a(r, col)) > std::abs(a(pivot, col))) pivot = r;
        const double p = a(pivot, col);
        if (!std::isfinite(p) || std::abs(p) < 1e-300) return std::nullopt;
        for (std::size_t c = 0; c < n; ++c) {
            std::swap(a(col, c), a(pivot, c));
            std::swap(inv(col, c), inv(pivot, c));
        }
        for (std::size_t c = 0; c < n; ++c) {
            a(col, c) /= p;
            inv(col, c) /= p;
        }
        for (std::size_t r = 0; r < n; ++r) {
            if (r == col || a(r, col) == 0.0) continue;
            const double factor = a(r, col);
            for (std::size_t c = 0; c < n; ++c) {
                a(r, c) -= factor * a(col, c);
                inv(r, c) -= factor * inv(col, c);
            }
        }
    }
    return inv;
}

}  // namespace draughts::harness
