#include "tuner/texel_tuner.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <chrono>
#include <climits>
#include <cmath>
#include <numeric>
#include <utility>

#include "common/portable_random.hpp"
#include "common/time_source.hpp"

namespace draughts::tuner {

namespace {

constexpr std::uint64_t hash_mix(std::uint64_t hash, std::uint64_t word) {
    hash ^= word + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2);
    return hash * 0x100000001b3ULL;
}

std::uint64_t mix_real(std::uint64_t hash, double value) {
    return hash_mix(hash, std::bit_cast<std::uint64_t>(value));
}

}  // namespace

TexelTuner::TexelTuner(const CoefficientStore& train, const CoefficientStore* holdout,
                       Eigen::VectorXd start, TunerSettings settings)
    : train_(train),
      holdout_(holdout),
      start_(std::move(start)),
      settings_(std::move(settings)),
      loss_(settings_.loss, settings_.k, settings_.partition, settings_.score_weight) {
    const auto n = static_cast<Eigen::Index>(train.parameter_count());
    assert(start_.size() == n);
    assert(settings_.frozen.empty() || settings_.frozen.size() == train.parameter_count());
    trainable_ = Eigen::ArrayXd::Ones(n);
    for (std::size_t i = 0; i < settings_.frozen.size(); ++i)
        if (settings_.frozen[i]) trainable_[static_cast<Eigen::Index>(i)] = 0.0;
    state_.weights = start_;
    state_.optimizer = AdamOptimizer(n, settings_.adam);
    state_.best_weights = start_;
    state_.best_holdout_loss = holdout_loss(start_);
    fingerprint_ = compute_fingerprint();
}

double TexelTuner::learning_rate(int epoch) const {
    return settings_.learning_rate * std::pow(settings_.learning_rate_decay, epoch - 1);
}

void TexelTuner::step(RowRange rows, double learning_rate) {
    loss_.loss_and_gradient(train_, state_.weights, rows, gradient_);
    if (settings_.l2 > 0.0) gradient_ += 2.0 * settings_.l2 * (state_.weights - start_);
    state_.optimizer.step(state_.weights, gradient_, learning_rate, trainable_);
}

void TexelTuner::update_best(EpochReport& report) {
    // Ties keep the earlier epoch: more epochs that change nothing are no improvement.
    if (!has_holdout() || report.holdout_loss < state_.best_holdout_loss) {
        state_.best_epoch = report.epoch;
        state_.best_holdout_loss = report.holdout_loss;
        state_.best_weights = state_.weights;
    }
    report.best_epoch = state_.best_epoch;
}

EpochReport TexelTuner::run_epoch() {
    const auto begin = std::chrono::steady_clock::now();
    EpochReport report;
    report.epoch = state_.epoch + 1;
    report.learning_rate = learning_rate(report.epoch);
    const std::size_t rows = train_.total_rows();
    const std::size_t batch =
        settings_.batch_size == 0 ? rows : std::min(settings_.batch_size, rows);
    const std::size_t batches = batch == 0 ? 0 : (rows + batch - 1) / batch;
    // The batch order of an epoch depends only on the seed and the epoch number, so a resumed
    // run repeats it without saving a generator state.
    std::vector<std::size_t> order(batches);
    std::iota(order.begin(), order.end(), std::size_t{0});
    PortableRandom random(hash_mix(settings_.seed, static_cast<std::uint64_t>(report.epoch)));
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[random.below(i)]);
    for (const std::size_t b : order)
        step(RowRange{b * batch, std::min(rows, (b + 1) * batch)}, report.learning_rate);
    report.train_loss = train_loss();
    report.holdout_loss = holdout_loss();
    report.steps = state_.optimizer.steps();
    report.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    state_.epoch = report.epoch;
    update_best(report);
    state_.history.push_back(report);
    return report;
}

void TexelTuner::restore(TunerState state) {
    assert(state.weights.size() == start_.size());
    assert(state.best_weights.size() == start_.size());
    state_ = std::move(state);
}

double TexelTuner::train_loss(const Eigen::VectorXd& weights) const {
    return loss_.loss(train_, weights);
}

double TexelTuner::holdout_loss(const Eigen::VectorXd& weights) const {
    if (!has_holdout()) return 0.0;
    return loss_.loss(*holdout_, weights);
}

std::uint64_t TexelTuner::compute_fingerprint() const {
    // The stores' fingerprints are sums over their rows: adding the processes' shares gives the
    // whole data set's, so that a checkpoint resumes under any number of processes.
    const RowPartition* partition = settings_.partition;
    std::uint64_t h = hash_mix(0x7475'6e65'7231ULL, sum_wrapping(partition, train_.fingerprint()));
    h = hash_mix(h, holdout_ != nullptr ? sum_wrapping(partition, holdout_->fingerprint()) : 0);
    h = hash_mix(h, static_cast<std::uint64_t>(settings_.loss));
    h = mix_real(h, settings_.k);
    h = hash_mix(h, settings_.batch_size);
    h = mix_real(h, settings_.learning_rate);
    h = mix_real(h, settings_.learning_rate_decay);
    h = mix_real(h, settings_.l2);
    h = mix_real(h, settings_.adam.beta1);
    h = mix_real(h, settings_.adam.beta2);
    h = mix_real(h, settings_.adam.epsilon);
    h = hash_mix(h, settings_.seed);
    for (Eigen::Index i = 0; i < start_.size(); ++i) {
        h = mix_real(h, start_[i]);
        h = hash_mix(h, trainable_[i] != 0.0 ? 1 : 0);
    }
    return h;
}

}  // namespace draughts::tuner
