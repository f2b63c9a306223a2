#include "tuner/k_fit.hpp"

#include <cmath>
#include <string>
#include <vector>

namespace draughts::tuner {

namespace {

constexpr int kGridPoints = 61;  // ten points per decade over six decades
constexpr int kGoldenIterations = 40;

}  // namespace

Expected<KFit> fit_k(const CoefficientStore& store, const Eigen::VectorXd& weights, LossKind kind,
                     const RowPartition* partition) {
    // The whole set's rows, not this rank's share: every rank must decide alike.
    if (store.total_rows() == 0) return make_error("cannot fit K without positions");
    const auto loss_at_log = [&](double log_k) {
        return LossFunction(kind, std::exp(log_k), partition).loss(store, weights);
    };
    const double lo = std::log(kMinK);
    const double step = (std::log(kMaxK) - lo) / (kGridPoints - 1);
    std::vector<double> losses(kGridPoints);
    int best = 0;
    for (int i = 0; i < kGridPoints; ++i) {
        losses[static_cast<std::size_t>(i)] = loss_at_log(lo + step * i);
        if (losses[static_cast<std::size_t>(i)] < losses[static_cast<std::size_t>(best)]) best = i;
    }
    if (best == 0 || best == kGridPoints - 1)
        return make_error(
            "the loss is smallest at K = " + std::to_string(std::exp(lo + step * best)) +
            ", the bound of the search: the evaluations do not predict the results (are the "
            "weights all zero, or scores taken from the side to move instead of White?)");
    // Golden-section search on log K between the neighbours of the best grid point.
    const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
    double a = lo + step * (best - 1);
    double b = lo + step * (best + 1);
    double c = b - ratio * (b - a);
    double d = a + ratio * (b - a);
    double fc = loss_at_log(c);
    double fd = loss_at_log(d);
    for (int i = 0; i < kGoldenIterations; ++i) {
        if (fc < fd) {
            b = d;
            d = c;
            fd = fc;
            c = b - ratio * (b - a);
            fc = loss_at_log(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + ratio * (b - a);
            fd = loss_at_log(d);
        }
    }
    const double log_k = fc < fd ? c : d;
    return KFit{std::exp(log_k), std::min(fc, fd)};
}

}  // namespace draughts::tuner
