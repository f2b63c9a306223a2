#pragma once
// A small dense matrix for the rating table's Newton steps and covariances (tens of engines at
// most, so plain Gauss-Jordan elimination is exact enough and fast).

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace draughts::harness {

/// Row-major dense matrix of doubles.
class DenseMatrix {
  public:
    DenseMatrix(std::size_t rows, std::size_t cols)
        : rows_(rows), cols_(cols), data_(rows * cols) {}
    static DenseMatrix identity(std::size_t n);

    std::size_t rows() const { return rows_; }
    std::size_t cols() const { return cols_; }
    double& operator()(std::size_t r, std::size_t c) { return data_[r * cols_ + c]; }
    double operator()(std::size_t r, std::size_t c) const { return data_[r * cols_ + c]; }

    DenseMatrix transposed() const;
    friend DenseMatrix operator*(const DenseMatrix& a, const DenseMatrix& b);
    std::vector<double> operator*(std::span<const double> x) const;

  private:
    std::size_t rows_;
    std::size_t cols_;
    std::vector<double> data_;
};

/// The inverse of a square matrix by Gauss-Jordan elimination with partial pivoting; nullopt
/// when it is singular (a pivot below 1e-300 or not finite).
std::optional<DenseMatrix> inverse(const DenseMatrix& m);

}  // namespace draughts::harness
