#include "tuner/loss.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>
#include <tbb/partitioner.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <utility>

#include "common/tsan_annotations.hpp"
#include "engine/evaluate.hpp"

namespace draughts::tuner {

namespace {

constexpr std::size_t kMinChunkRows = 4096;
constexpr std::size_t kMaxChunks = 64;
/// Keeps logarithms finite in the cross-entropy when a prediction saturates.
constexpr double kProbabilityFloor = 1e-15;

/// Per-row loss and d(loss)/d(e) for one loss kind, with K ln10 / scale folded in.
struct RowLoss {
    LossKind kind;
    double slope;  ///< K ln(10) / kSigmoidScale: s = 1 / (1 + exp(-slope e))

    /// Loss of one row; sets `derivative` to d(loss)/d(e).
    double operator()(double eval, double result, double& derivative) const {
        const double s = 1.0 / (1.0 + std::exp(-slope * eval));
        if (kind == LossKind::MeanSquaredError) {
            const double diff = s - result;
            derivative = 2.0 * diff * s * (1.0 - s) * slope;
            return diff * diff;
        }
        derivative = (s - result) * slope;
        const double p = std::clamp(s, kProbabilityFloor, 1.0 - kProbabilityFloor);
        return -(result * std::log(p) + (1.0 - result) * std::log(1.0 - p));
    }
};

/// The evaluation of every row uses weights pre-divided by kPhaseScale (exact: a power of two).
Eigen::VectorXd scaled_weights(const Eigen::VectorXd& weights) {
    return weights / static_cast<double>(engine::kPhaseScale);
}

constexpr double result_value(std::uint8_t code) { return 0.5 * code; }

/// Partial sums of one chunk of rows: the loss and, when asked, the gradient (allocated lazily).
/// The ForkJoinEdges calls state for ThreadSanitizer the hand-overs TBB makes inside its
/// uninstrumented scheduler: the caller's data to the tasks, a split-off body to the task that
/// runs it, and the last join to the caller.
class GradientBody {
  public:
    GradientBody(const CoefficientStore& store, const double* scaled, RowLoss row_loss,
                 bool with_gradient, const ForkJoinEdges& edges)
        : store_(store),
          scaled_(scaled),
          row_loss_(row_loss),
          with_gradient_(with_gradient),
          edges_(edges) {}
    GradientBody(GradientBody& other, tbb::split)
        : store_(other.store_),
          scaled_(other.scaled_),
          row_loss_(other.row_loss_),
          with_gradient_(other.with_gradient_),
          edges_(other.edges_) {
        ForkJoinEdges::publish(this);
    }

    void operator()(const tbb::blocked_range<std::size_t>& rows) {
        ForkJoinEdges::receive(this);
        const ForkJoinTask task(edges_);
        if (with_gradient_ && gradient_.size() == 0)
            gradient_ = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(store_.parameter_count()));
        const std::uint32_t* entries = store_.entries();
        const std::uint64_t* offsets = store_.offsets();
        const std::uint8_t* results = store_.results();
        const unsigned shift = store_.packing().index_bits();
        const std::uint32_t mask = (std::uint32_t{1} << shift) - 1;
        double* gradient = gradient_.data();
        double loss = 0.0;
        for (std::size_t i = rows.begin(); i != rows.end(); ++i) {
            const std::uint32_t* begin = entries + offsets[i];
            const std::uint32_t* end = entries + offsets[i + 1];
            const double eval = evaluate_row(begin, end, mask, shift);
            double derivative = 0.0;
            loss += row_loss_(eval, result_value(results[i]), derivative);
            if (!with_gradient_) continue;
            for (const std::uint32_t* e = begin; e != end; ++e)
                gradient[*e & mask] += derivative * value_of(*e, shift);
        }
        loss_ += loss;
    }

    void join(GradientBody& right) {
        const ForkJoinTask task(edges_);
        loss_ += right.loss_;
        if (right.gradient_.size() == 0) return;
        if (gradient_.size() == 0)
            gradient_.swap(right.gradient_);
        else
            gradient_ += right.gradient_;
    }

    double loss() const { return loss_; }
    Eigen::VectorXd& gradient() { return gradient_; }

  private:
    double value_of(std::uint32_t entry, unsigned shift) const {
        return static_cast<double>(static_cast<std::int32_t>(entry) >> shift);
    }

    /// The row's linear evaluation. Four partial sums break the chain of dependent additions
    /// (the order is fixed, so results stay deterministic).
    double evaluate_row(const std::uint32_t* e, const std::uint32_t* end, std::uint32_t mask,
                        unsigned shift) const {
        double a0 = 0.0, a1 = 0.0, a2 = 0.0, a3 = 0.0;
        for (; end - e >= 4; e += 4) {
            a0 += scaled_[e[0] & mask] * value_of(e[0], shift);
            a1 += scaled_[e[1] & mask] * value_of(e[1], shift);
            a2 += scaled_[e[2] & mask] * value_of(e[2], shift);
            a3 += scaled_[e[3] & mask] * value_of(e[3], shift);
        }
        for (; e != end; ++e) a0 += scaled_[*e & mask] * value_of(*e, shift);
        return (a0 + a1) + (a2 + a3);
    }

    const CoefficientStore& store_;
    const double* scaled_;
    RowLoss row_loss_;
    bool with_gradient_;
    const ForkJoinEdges& edges_;
    double loss_ = 0.0;
    Eigen::VectorXd gradient_;
};

/// The summed loss of some rows and, when asked, their summed gradient (else empty).
struct Sums {
    double loss = 0.0;
    Eigen::VectorXd gradient;
};

Sums run(const CoefficientStore& store, const Eigen::VectorXd& scaled, RowLoss row_loss,
         RowRange rows, bool with_gradient) {
    const ForkJoinEdges edges;
    GradientBody body(store, scaled.data(), row_loss, with_gradient, edges);
    if (rows.size() > 0) {
        tbb::parallel_deterministic_reduce(
            tbb::blocked_range<std::size_t>(rows.begin, rows.end, chunk_rows(rows.size())), body,
            tbb::simple_partitioner());
        edges.joined();
    }
    return Sums{body.loss(), std::move(body.gradient())};
}

}  // namespace

std::string_view loss_kind_name(LossKind kind) {
    return kind == LossKind::MeanSquaredError ? "mse" : "cross_entropy";
}

Expected<LossKind> parse_loss_kind(std::string_view name) {
    if (name == "mse") return LossKind::MeanSquaredError;
    if (name == "cross_entropy") return LossKind::CrossEntropy;
    return make_error("unknown loss '" + std::string(name) + "' (mse or cross_entropy)");
}

double sigmoid(double eval, double k) {
    return 1.0 / (1.0 + std::pow(10.0, -k * eval / kSigmoidScale));
}

std::size_t chunk_rows(std::size_t rows) {
    return std::max(kMinChunkRows, (rows + kMaxChunks - 1) / kMaxChunks);
}

double LossFunction::loss(const CoefficientStore& store, const Eigen::VectorXd& weights,
                          RowRange rows) const {
    if (rows.size() == 0) return 0.0;
    const RowLoss row_loss{kind_, k_ * std::numbers::ln10 / kSigmoidScale};
    const Sums sums = run(store, scaled_weights(weights), row_loss, rows, false);
    return sums.loss / static_cast<double>(rows.size());
}

double LossFunction::loss_and_gradient(const CoefficientStore& store,
                                       const Eigen::VectorXd& weights, RowRange rows,
                                       Eigen::VectorXd& gradient) const {
    const auto parameters = static_cast<Eigen::Index>(store.parameter_count());
    if (rows.size() == 0) {
        gradient = Eigen::VectorXd::Zero(parameters);
        return 0.0;
    }
    const RowLoss row_loss{kind_, k_ * std::numbers::ln10 / kSigmoidScale};
    const Sums sums = run(store, scaled_weights(weights), row_loss, rows, true);
    const double n = static_cast<double>(rows.size());
    // d e / d w_j = v_j / kPhaseScale.
    gradient = sums.gradient / (n * static_cast<double>(engine::kPhaseScale));
    return sums.loss / n;
}

}  // namespace draughts::tuner
