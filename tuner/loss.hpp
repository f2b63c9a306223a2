#pragma once
// The Texel loss over a coefficient store and its exact gradient, computed in one fused pass over
// the packed entries, in parallel (TBB) and exactly: each row's loss and derivative are rounded
// to a fixed point (2^-44) and summed as integers, so the result is bit-identical for any number
// of threads (resume relies on this) and of processes (RowPartition: `mpirun draughts tune`).
// The gradient's integer sums are kept in 64-bit words while a bound proves they cannot overflow
// (gradient_accumulator.hpp): exact, at the speed of double-precision sums.
//
//   e_i = sum_j w_j v_ij / kPhaseScale        (the engine's linear evaluation, White's view)
//   s_i = sigmoid(e_i) = 1 / (1 + 10^(-K e_i / kSigmoidScale))
//   MSE:           L = mean_i (R_i - s_i)^2
//   cross-entropy: L = mean_i -(R_i ln s_i + (1 - R_i) ln(1 - s_i))
//
// The label R_i is the game's result, or, with a score weight lambda > 0, a blend of the result
// and the position's search score S_i (when the row has one) read through the same sigmoid:
//   R_i = (1 - lambda) result_i + lambda sigmoid(S_i)
// The result says who won, once for a whole game; the score judges this very position, with less
// noise but the bias of the engine that searched it. Rows without a score keep their result.
//
// kSigmoidScale is 4000 engine units: the 400 of the chess formula is in centipawns (100 to a
// pawn), and a man is 1000 units here, so 4 men make one factor of ten in the odds, as 4 pawns do
// in chess, and K keeps its usual order of magnitude (about 1).

#include <Eigen/Dense>
#include <cstddef>
#include <string_view>

#include "common/expected.hpp"
#include "engine/search_types.hpp"
#include "tuner/coefficient_store.hpp"
#include "tuner/row_partition.hpp"

namespace draughts::tuner {

inline constexpr double kSigmoidScale = 4.0 * engine::kScorePerMan;

/// Which loss the tuner minimises.
enum class LossKind : unsigned char { MeanSquaredError, CrossEntropy };

/// "mse" or "cross_entropy".
std::string_view loss_kind_name(LossKind kind);
Expected<LossKind> parse_loss_kind(std::string_view name);

/// sigmoid(e) with the scale above.
double sigmoid(double eval, double k);

/// Loss and gradient of one loss kind at one K.
class LossFunction {
  public:
    /// `partition`: the processes whose sums are added (null: this process alone; must outlive).
    /// Stores given to a partitioned loss are the process's shares (CoefficientStore::set_share):
    /// row ranges are of the whole store, and each process sums the rows it holds.
    /// `score_weight`: lambda above, in [0, 1].
    LossFunction(LossKind kind, double k, const RowPartition* partition = nullptr,
                 double score_weight = 0.0)
        : kind_(kind), k_(k), partition_(partition), score_weight_(score_weight) {}

    LossKind kind() const { return kind_; }
    double k() const { return k_; }
    double score_weight() const { return score_weight_; }

    /// Mean loss over `rows` at `weights` (engine units, one per parameter); 0 for no rows.
    double loss(const CoefficientStore& store, const Eigen::VectorXd& weights, RowRange rows) const;
    double loss(const CoefficientStore& store, const Eigen::VectorXd& weights) const {
        return loss(store, weights, {0, store.total_rows()});
    }

    /// Mean loss over `rows` and its gradient with respect to the weights (resized to fit).
    double loss_and_gradient(const CoefficientStore& store, const Eigen::VectorXd& weights,
                             RowRange rows, Eigen::VectorXd& gradient) const;
    double loss_and_gradient(const CoefficientStore& store, const Eigen::VectorXd& weights,
                             Eigen::VectorXd& gradient) const {
        return loss_and_gradient(store, weights, {0, store.total_rows()}, gradient);
    }

  private:
    LossKind kind_;
    double k_;
    const RowPartition* partition_;
    double score_weight_;
};

/// Rows per parallel chunk for a range of `rows` rows (a function of the count only).
std::size_t chunk_rows(std::size_t rows);

}  // namespace draughts::tuner
