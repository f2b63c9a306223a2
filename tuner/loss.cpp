#include "tuner/loss.hpp"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <utility>

#include "common/tsan_annotations.hpp"
#include "engine/evaluate.hpp"
#include "tuner/fixed_point.hpp"
#include "tuner/gradient_accumulator.hpp"

namespace draughts::tuner {

namespace {

constexpr std::size_t kMinChunkRows = 4096;
constexpr std::size_t kMaxChunks = 64;
/// Keeps logarithms finite in the cross-entropy when a prediction saturates.
constexpr double kProbabilityFloor = 1e-15;

/// Per-row loss and d(loss)/d(e) for one loss kind, with K ln10 / scale folded in.
struct RowLoss {
    LossKind kind;
    double slope;         ///< K ln(10) / kSigmoidScale: s = 1 / (1 + exp(-slope e))
    double score_weight;  ///< lambda of the label (loss.hpp)

    /// The label of a row: its result, blended with its score (NaN: none) when asked.
    double label(double result, float score) const {
        if (score_weight == 0.0 || std::isnan(score)) return result;
        const double s = 1.0 / (1.0 + std::exp(-slope * static_cast<double>(score)));
        return result + score_weight * (s - result);
    }

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

/// The linear evaluation of a row with weights pre-divided by kPhaseScale. Four partial sums
/// break the chain of dependent additions (the order is fixed, so results stay deterministic).
double evaluate_row(const double* scaled, const std::uint32_t* e, const std::uint32_t* end,
                    std::uint32_t mask, unsigned shift) {
    const auto value = [shift](std::uint32_t entry) {
        return static_cast<double>(static_cast<std::int32_t>(entry) >> shift);
    };
    double a0 = 0.0, a1 = 0.0, a2 = 0.0, a3 = 0.0;
    for (; end - e >= 4; e += 4) {
        a0 += scaled[e[0] & mask] * value(e[0]);
        a1 += scaled[e[1] & mask] * value(e[1]);
        a2 += scaled[e[2] & mask] * value(e[2]);
        a3 += scaled[e[3] & mask] * value(e[3]);
    }
    for (; e != end; ++e) a0 += scaled[*e & mask] * value(*e);
    return (a0 + a1) + (a2 + a3);
}

/// One thread's exact sums (fixed_point.hpp, gradient_accumulator.hpp) over the rows it took.
/// Being exact, they do not depend on which rows each thread took, nor on how the rows are
/// split among processes (RowPartition), so any partitioning of the work gives the same bits.
struct PartialSums {
    Int128 loss = 0;
    GradientAccumulator gradient;
};

/// Adds the loss and, when asked, the gradient of `rows` to `sums`: the hot loop of the tuner.
void add_rows(const CoefficientStore& store, const double* scaled, RowLoss row_loss,
              bool with_gradient, tbb::blocked_range<std::size_t> rows, PartialSums& sums) {
    if (with_gradient) sums.gradient.start();
    const std::uint32_t* entries = store.entries();
    const std::uint64_t* offsets = store.offsets();
    const std::uint8_t* results = store.results();
    const float* scores = store.scores();
    const unsigned shift = store.packing().index_bits();
    const std::uint32_t mask = (std::uint32_t{1} << shift) - 1;
    Int128 loss = 0;
    // Rows go in groups: the evaluations of a group are independent of each other, and so are
    // its sigmoids, so the processor overlaps them instead of waiting on each row in turn.
    constexpr std::size_t kGroup = 8;
    double evals[kGroup];
    std::int64_t derivatives[kGroup];
    for (std::size_t first = rows.begin(); first < rows.end(); first += kGroup) {
        const std::size_t count = std::min(kGroup, rows.end() - first);
        for (std::size_t k = 0; k < count; ++k)
            evals[k] = evaluate_row(scaled, entries + offsets[first + k],
                                    entries + offsets[first + k + 1], mask, shift);
        for (std::size_t k = 0; k < count; ++k) {
            double derivative = 0.0;
            const double label =
                row_loss.label(result_value(results[first + k]), scores[first + k]);
            loss += to_fixed(row_loss(evals[k], label, derivative));
            derivatives[k] = to_fixed(derivative);
        }
        if (!with_gradient) continue;
        for (std::size_t k = 0; k < count; ++k)
            sums.gradient.add_row(derivatives[k], entries + offsets[first + k],
                                  entries + offsets[first + k + 1], mask, shift);
    }
    sums.loss += loss;
}

/// The summed loss of some rows and, when asked, their summed gradient (else empty).
struct Sums {
    double loss = 0.0;
    Eigen::VectorXd gradient;
};

/// Each 128-bit sum as three limbs of 42 bits (the last one signed), so that adding the limbs of
/// up to 2^21 processes as 64-bit integers cannot overflow.
constexpr int kLimbBits = 42;

void append_limbs(Int128 value, std::vector<std::int64_t>& out) {
    const Int128 mask = (Int128{1} << kLimbBits) - 1;
    out.push_back(static_cast<std::int64_t>(value & mask));
    value >>= kLimbBits;  // arithmetic: the sign stays in the top limb
    out.push_back(static_cast<std::int64_t>(value & mask));
    value >>= kLimbBits;
    out.push_back(static_cast<std::int64_t>(value));
}

Int128 from_limbs(const std::int64_t* limbs) {
    return (Int128{limbs[2]} << (2 * kLimbBits)) + (Int128{limbs[1]} << kLimbBits) + limbs[0];
}

/// Sums `loss` and `gradient` over the processes of `partition` (exactly).
void sum_across(const RowPartition& partition, Int128& loss, std::vector<Int128>& gradient,
                std::size_t parameters, bool with_gradient) {
    if (with_gradient && gradient.empty()) gradient.assign(parameters, 0);
    std::vector<std::int64_t> limbs;
    append_limbs(loss, limbs);
    for (const Int128 g : gradient) append_limbs(g, limbs);
    partition.sum(limbs);
    loss = from_limbs(limbs.data());
    for (std::size_t j = 0; j < gradient.size(); ++j) gradient[j] = from_limbs(&limbs[3 * (j + 1)]);
}

Sums run(const CoefficientStore& store, const Eigen::VectorXd& scaled, RowLoss row_loss,
         RowRange all_rows, bool with_gradient, const RowPartition* partition) {
    // One accumulator per thread, not per chunk: a thread's chunks share it, and the few
    // accumulators are merged at the end. The ForkJoinEdges state for ThreadSanitizer the
    // hand-overs TBB makes inside its uninstrumented scheduler (the caller's data to the tasks,
    // the tasks' sums back to the caller).
    tbb::enumerable_thread_specific<PartialSums> threads([&store] {
        return PartialSums{0,
                           GradientAccumulator(store.parameter_count(), store.max_row_magnitude())};
    });
    const RowRange rows = store.held_rows(all_rows);
    if (rows.size() > 0) {
        const ForkJoinEdges edges;
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(rows.begin, rows.end, chunk_rows(rows.size())),
            edges.traced([&](const tbb::blocked_range<std::size_t>& chunk) {
                add_rows(store, scaled.data(), row_loss, with_gradient, chunk, threads.local());
            }),
            tbb::simple_partitioner());
        edges.joined();
    }
    PartialSums total{0, GradientAccumulator(store.parameter_count(), store.max_row_magnitude())};
    for (PartialSums& part : threads) {
        total.loss += part.loss;
        total.gradient.merge(part.gradient);
    }
    Int128 loss = total.loss;
    std::vector<Int128> gradient = total.gradient.sums();
    if (partition != nullptr)
        sum_across(*partition, loss, gradient, store.parameter_count(), with_gradient);
    Sums sums{from_fixed(loss), {}};
    if (with_gradient) {
        sums.gradient = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(store.parameter_count()));
        for (std::size_t j = 0; j < gradient.size(); ++j)
            sums.gradient[static_cast<Eigen::Index>(j)] = from_fixed(gradient[j]);
    }
    return sums;
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
    const RowLoss row_loss{kind_, k_ * std::numbers::ln10 / kSigmoidScale, score_weight_};
    const Sums sums = run(store, scaled_weights(weights), row_loss, rows, false, partition_);
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
    const RowLoss row_loss{kind_, k_ * std::numbers::ln10 / kSigmoidScale, score_weight_};
    const Sums sums = run(store, scaled_weights(weights), row_loss, rows, true, partition_);
    const double n = static_cast<double>(rows.size());
    // d e / d w_j = v_j / kPhaseScale.
    gradient = sums.gradient / (n * static_cast<double>(engine::kPhaseScale));
    return sums.loss / n;
}

}  // namespace draughts::tuner
