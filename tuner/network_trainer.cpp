#include "tuner/network_trainer.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>

#include "common/portable_random.hpp"
#include "common/tsan_annotations.hpp"
#include "engine/search_types.hpp"
#include "rules/movegen.hpp"
#include "rules/variant_list.hpp"
#include "tuner/loss.hpp"

namespace draughts::tuner {

namespace {

constexpr std::size_t kA = engine::kNetworkAccumulator;
constexpr std::size_t kH = engine::kNetworkHidden;

/// Where each block of the float network sits in the parameter vector; the blocks are laid out
/// like the engine's arrays (first-layer weights by input, hidden weights by hidden unit).
struct Layout {
    std::size_t w1 = 0, b1 = 0, w2 = 0, b2 = 0, w3 = 0, b3 = 0, count = 0;

    explicit Layout(int inputs) {
        b1 = w1 + static_cast<std::size_t>(inputs) * kA;
        w2 = b1 + kA;
        b2 = w2 + kH * 2 * kA;
        w3 = b2 + kH;
        b3 = w3 + kH;
        count = b3 + 1;
    }
};

// Plain loops over fixed-size arrays, which GCC vectorises, rather than Eigen products: GCC 12
// reports the AVX-512 reductions of Eigen's matrix-vector kernels as reading uninitialised
// registers (a false positive, see CMakeLists.txt), and -Werror builds stop on it.
using Concat = std::array<double, 2 * kA>;
using Hidden = std::array<double, kH>;

/// One sample's activations.
struct Activations {
    Concat pre;  ///< accumulators before clipping: the side to move's, then the other's
    Concat h0;
    Hidden z1;
    Hidden h1;
    double out = 0.0;
};

double clip01(double x) { return std::clamp(x, 0.0, 1.0); }
bool inside(double x) { return x > 0.0 && x < 1.0; }

void forward(const double* w, const Layout& layout, const NetworkTrainingSet& set, std::size_t i,
             Activations& act) {
    const double* b1 = w + layout.b1;
    std::copy(b1, b1 + kA, act.pre.begin());
    std::copy(b1, b1 + kA, act.pre.begin() + kA);
    const std::uint32_t* offsets = set.offsets.data() + 2 * i;
    for (std::size_t side = 0; side < 2; ++side) {
        double* acc = act.pre.data() + side * kA;
        for (std::uint32_t a = offsets[side]; a != offsets[side + 1]; ++a) {
            const double* column = w + layout.w1 + std::size_t{set.active[a]} * kA;
            for (std::size_t j = 0; j < kA; ++j) acc[j] += column[j];
        }
    }
    for (std::size_t j = 0; j < 2 * kA; ++j) act.h0[j] = clip01(act.pre[j]);
    act.out = w[layout.b3];
    for (std::size_t k = 0; k < kH; ++k) {
        const double* row = w + layout.w2 + k * 2 * kA;
        double sum = w[layout.b2 + k];
        for (std::size_t j = 0; j < 2 * kA; ++j) sum += row[j] * act.h0[j];
        act.z1[k] = sum;
        act.h1[k] = clip01(sum);
        act.out += w[layout.w3 + k] * act.h1[k];
    }
}

/// Adds the gradient of the loss with respect to every weight, given d(loss)/d(out).
void backward(const double* w, const Layout& layout, const NetworkTrainingSet& set, std::size_t i,
              const Activations& act, double g_out, double* g) {
    g[layout.b3] += g_out;
    Concat g_h0{};
    for (std::size_t k = 0; k < kH; ++k) {
        g[layout.w3 + k] += g_out * act.h1[k];
        const double g_z1 = inside(act.z1[k]) ? g_out * w[layout.w3 + k] : 0.0;
        if (g_z1 == 0.0) continue;
        g[layout.b2 + k] += g_z1;
        double* g_row = g + layout.w2 + k * 2 * kA;
        const double* row = w + layout.w2 + k * 2 * kA;
        for (std::size_t j = 0; j < 2 * kA; ++j) {
            g_row[j] += g_z1 * act.h0[j];
            g_h0[j] += g_z1 * row[j];
        }
    }
    for (std::size_t j = 0; j < 2 * kA; ++j)
        if (!inside(act.pre[j])) g_h0[j] = 0.0;
    for (std::size_t j = 0; j < kA; ++j) g[layout.b1 + j] += g_h0[j] + g_h0[kA + j];
    const std::uint32_t* offsets = set.offsets.data() + 2 * i;
    for (std::size_t side = 0; side < 2; ++side) {
        const double* g_acc = g_h0.data() + side * kA;
        for (std::uint32_t a = offsets[side]; a != offsets[side + 1]; ++a) {
            double* column = g + layout.w1 + std::size_t{set.active[a]} * kA;
            for (std::size_t j = 0; j < kA; ++j) column[j] += g_acc[j];
        }
    }
}

/// K ln(10) / kSigmoidScale, per man of output: s = 1 / (1 + exp(-slope out)).
double output_slope(double k) {
    return k * std::numbers::ln10 / kSigmoidScale * engine::kScorePerMan;
}

/// Sum of the losses of the samples order[begin..end) (or begin..end without an order), and
/// their gradient's sum into `gradient` when it is not null. Chunks of kNetworkChunk samples run
/// as tasks, each into its own sums; the sums are added in chunk order (see the header).
double batch_sums(const Eigen::VectorXd& weights, const NetworkTrainingSet& set,
                  const std::vector<std::uint32_t>* order, std::size_t begin, std::size_t end,
                  double k, Eigen::VectorXd* gradient) {
    const Layout layout(set.inputs);
    const double slope = output_slope(k);
    const std::size_t chunks = (end - begin + kNetworkChunk - 1) / kNetworkChunk;
    std::vector<double> losses(chunks, 0.0);
    std::vector<Eigen::VectorXd> gradients(gradient != nullptr ? chunks : 0);
    const ForkJoinEdges edges;
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, chunks, 1),
        edges.traced([&](const tbb::blocked_range<std::size_t>& range) {
            Activations act;
            for (std::size_t c = range.begin(); c != range.end(); ++c) {
                double* g = nullptr;
                if (gradient != nullptr) {
                    gradients[c] = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(layout.count));
                    g = gradients[c].data();
                }
                double loss = 0.0;
                const std::size_t last = std::min(end, begin + (c + 1) * kNetworkChunk);
                for (std::size_t n = begin + c * kNetworkChunk; n != last; ++n) {
                    const std::size_t i = order != nullptr ? (*order)[n] : n;
                    forward(weights.data(), layout, set, i, act);
                    const double s = 1.0 / (1.0 + std::exp(-slope * act.out));
                    const double diff = s - set.labels[i];
                    loss += diff * diff;
                    if (g != nullptr)
                        backward(weights.data(), layout, set, i, act,
                                 2.0 * diff * s * (1.0 - s) * slope, g);
                }
                losses[c] = loss;
            }
        }),
        tbb::simple_partitioner());
    edges.joined();
    double total = 0.0;
    for (std::size_t c = 0; c < chunks; ++c) {
        total += losses[c];
        if (gradient != nullptr) *gradient += gradients[c];
    }
    return total;
}

Eigen::VectorXd initial_weights(const Layout& layout, std::uint64_t seed) {
    PortableRandom random(seed);
    const auto uniform = [&](double bound) { return (2.0 * random.uniform() - 1.0) * bound; };
    Eigen::VectorXd w = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(layout.count));
    for (std::size_t i = layout.w1; i < layout.b1; ++i)
        w[static_cast<Eigen::Index>(i)] = uniform(0.05);
    // Accumulators start in the middle of the clipped ReLU's linear range.
    for (std::size_t i = layout.b1; i < layout.w2; ++i) w[static_cast<Eigen::Index>(i)] = 0.5;
    for (std::size_t i = layout.w2; i < layout.b2; ++i)
        w[static_cast<Eigen::Index>(i)] = uniform(1.0 / std::sqrt(2.0 * kA));
    for (std::size_t i = layout.b2; i < layout.w3; ++i) w[static_cast<Eigen::Index>(i)] = 0.5;
    for (std::size_t i = layout.w3; i < layout.b3; ++i)
        w[static_cast<Eigen::Index>(i)] = uniform(0.5);
    return w;
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    return h;
}

std::uint64_t set_hash(std::uint64_t h, const NetworkTrainingSet& set) {
    h = mix(h, static_cast<std::uint64_t>(set.variant));
    h = mix(h, set.size());
    for (const std::uint16_t a : set.active) h = mix(h, a);
    for (const std::uint32_t o : set.offsets) h = mix(h, o);
    for (const float l : set.labels) h = mix(h, std::bit_cast<std::uint32_t>(l));
    return h;
}

}  // namespace

template <typename V>
NetworkTrainingSet network_training_set(const BasicDataset<V>& data, std::size_t begin,
                                        std::size_t end, NetworkLabels labels,
                                        NetworkSetCounts* counts) {
    NetworkTrainingSet set;
    set.variant = rules::variant_of<V>();
    set.inputs = engine::network_inputs<V>();
    set.offsets.push_back(0);
    NetworkSetCounts seen;
    end = std::min(end, data.samples.size());
    for (std::size_t n = begin; n < end; ++n) {
        const BasicSample<V>& sample = data.samples[n];
        const rules::BasicPosition<V>& p = sample.position;
        if (rules::has_capture(p)) {
            ++seen.not_quiet;
            continue;
        }
        const rules::Color us = p.side_to_move();
        for (const rules::Color perspective : {us, rules::opposite(us)}) {
            engine::for_each_network_input(p, perspective, [&](int input) {
                set.active.push_back(static_cast<std::uint16_t>(input));
            });
            set.offsets.push_back(static_cast<std::uint32_t>(set.active.size()));
        }
        const double white_result = outcome_score(sample.result);
        double label = us == rules::Color::White ? white_result : 1.0 - white_result;
        if (sample.score && labels.score_weight > 0.0) {
            const double white_score = sigmoid(*sample.score, labels.k);
            const double score = us == rules::Color::White ? white_score : 1.0 - white_score;
            label = (1.0 - labels.score_weight) * label + labels.score_weight * score;
        }
        set.labels.push_back(static_cast<float>(label));
        ++seen.kept;
    }
    if (counts != nullptr) *counts = seen;
    return set;
}

double network_loss(const Eigen::VectorXd& weights, const NetworkTrainingSet& set,
                    std::size_t begin, std::size_t end, double k, Eigen::VectorXd* gradient) {
    if (end <= begin) return 0.0;
    if (gradient != nullptr) *gradient = Eigen::VectorXd::Zero(weights.size());
    const double n = static_cast<double>(end - begin);
    const double loss = batch_sums(weights, set, nullptr, begin, end, k, gradient) / n;
    if (gradient != nullptr) *gradient /= n;
    return loss;
}

NetworkTrainer::NetworkTrainer(const NetworkTrainingSet& train, const NetworkTrainingSet* holdout,
                               NetworkTrainerSettings settings)
    : train_(train), holdout_(holdout), settings_(settings) {
    const Layout layout(train.inputs);
    state_.weights = initial_weights(layout, settings_.seed);
    state_.optimizer = AdamOptimizer(static_cast<Eigen::Index>(layout.count), settings_.adam);
    state_.best_weights = state_.weights;
    trainable_ = Eigen::ArrayXd::Ones(static_cast<Eigen::Index>(layout.count));
    if (holdout_ != nullptr && holdout_->size() > 0)
        start_holdout_loss_ = state_.best_holdout_loss = holdout_loss(state_.weights);
    std::uint64_t h = mix(0x4E4E5545ULL, settings_.batch_size);
    for (const double x : {settings_.learning_rate, settings_.learning_rate_decay, settings_.k,
                           settings_.adam.beta1, settings_.adam.beta2, settings_.adam.epsilon})
        h = mix(h, std::bit_cast<std::uint64_t>(x));
    h = mix(h, settings_.seed);
    h = set_hash(h, train_);
    if (holdout_ != nullptr) h = set_hash(h, *holdout_);
    fingerprint_ = h;
}

double NetworkTrainer::holdout_loss(const Eigen::VectorXd& weights) const {
    if (holdout_ == nullptr) return 0.0;
    return network_loss(weights, *holdout_, 0, holdout_->size(), settings_.k);
}

NetworkEpochReport NetworkTrainer::run_epoch() {
    const auto started = std::chrono::steady_clock::now();
    NetworkEpochReport report;
    report.epoch = state_.epoch + 1;
    report.learning_rate =
        settings_.learning_rate * std::pow(settings_.learning_rate_decay, state_.epoch);
    std::vector<std::uint32_t> order(train_.size());
    std::iota(order.begin(), order.end(), 0U);
    PortableRandom random(mix(settings_.seed, static_cast<std::uint64_t>(report.epoch)));
    portable_shuffle(order, random);
    const std::size_t batch = std::max<std::size_t>(1, settings_.batch_size);
    Eigen::VectorXd gradient;
    double total = 0.0;
    for (std::size_t begin = 0; begin < order.size(); begin += batch) {
        const std::size_t end = std::min(order.size(), begin + batch);
        gradient = Eigen::VectorXd::Zero(state_.weights.size());
        total += batch_sums(state_.weights, train_, &order, begin, end, settings_.k, &gradient);
        gradient /= static_cast<double>(end - begin);
        state_.optimizer.step(state_.weights, gradient, report.learning_rate, trainable_);
    }
    report.train_loss = order.empty() ? 0.0 : total / static_cast<double>(order.size());
    const bool judged = holdout_ != nullptr && holdout_->size() > 0;
    if (judged) report.holdout_loss = holdout_loss(state_.weights);
    state_.epoch = report.epoch;
    if (!judged || report.holdout_loss < state_.best_holdout_loss) {
        state_.best_epoch = report.epoch;
        state_.best_holdout_loss = report.holdout_loss;
        state_.best_weights = state_.weights;
    }
    report.best_epoch = state_.best_epoch;
    report.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    report.positions_per_second =
        report.seconds > 0.0 ? static_cast<double>(order.size()) / report.seconds : 0.0;
    state_.history.push_back(report);
    return report;
}

void NetworkTrainer::restore(NetworkTrainerState state) { state_ = std::move(state); }

QuantisedNetwork quantise_network(const Eigen::VectorXd& weights, rules::Variant variant) {
    QuantisedNetwork q{engine::Network::zero(variant), 0};
    engine::Network& n = q.network;
    const Layout layout(n.inputs());
    const auto round_to = [&q]<typename T>(double value, T& out) {
        const double r = std::round(value);
        constexpr double lo = static_cast<double>(std::numeric_limits<T>::min());
        constexpr double hi = static_cast<double>(std::numeric_limits<T>::max());
        if (r < lo || r > hi) ++q.saturated;
        out = static_cast<T>(std::clamp(r, lo, hi));
    };
    const auto w = [&weights](std::size_t i) { return weights[static_cast<Eigen::Index>(i)]; };
    constexpr double qa = engine::kNetworkActivationScale;
    constexpr double qb = engine::kNetworkWeightScale;
    constexpr double qo = engine::kNetworkOutputScale;
    for (std::size_t i = 0; i < n.feature_weights.size(); ++i)
        round_to(w(layout.w1 + i) * qa, n.feature_weights[i]);
    for (std::size_t i = 0; i < n.feature_bias.size(); ++i)
        round_to(w(layout.b1 + i) * qa, n.feature_bias[i]);
    for (std::size_t i = 0; i < n.hidden_weights.size(); ++i)
        round_to(w(layout.w2 + i) * qb, n.hidden_weights[i]);
    for (std::size_t i = 0; i < n.hidden_bias.size(); ++i)
        round_to(w(layout.b2 + i) * qa * qb, n.hidden_bias[i]);
    for (std::size_t i = 0; i < n.output_weights.size(); ++i)
        round_to(w(layout.w3 + i) * qo, n.output_weights[i]);
    round_to(w(layout.b3) * qa * qb * qo, n.output_bias);
    return q;
}

QuantisationError quantisation_error(const Eigen::VectorXd& weights, const engine::Network& network,
                                     const NetworkTrainingSet& set) {
    QuantisationError error;
    const Layout layout(set.inputs);
    constexpr auto kDenominator = static_cast<double>(engine::kNetworkOutputUnit);
    for (std::size_t i = 0; i < set.size(); ++i) {
        std::array<engine::NetworkAccumulator, 2> acc;
        for (std::size_t side = 0; side < 2; ++side) {
            acc[side] = engine::network_bias(network);
            for (std::uint32_t n = set.offsets[2 * i + side]; n != set.offsets[2 * i + side + 1];
                 ++n)
                engine::add_network_input(acc[side], set.active[n], network);
        }
        const double quantised =
            static_cast<double>(engine::network_output(acc[0], acc[1], network)) / kDenominator *
            engine::kScorePerMan;
        Activations act;
        forward(weights.data(), layout, set, i, act);
        const double exact = act.out * engine::kScorePerMan;
        const double diff = std::abs(quantised - exact);
        error.mean += diff;
        error.max = std::max(error.max, diff);
    }
    if (set.size() > 0) error.mean /= static_cast<double>(set.size());
    return error;
}

#define DRAUGHTS_INSTANTIATE(V)                                                               \
    template NetworkTrainingSet network_training_set<rules::V>(const BasicDataset<rules::V>&, \
                                                               std::size_t, std::size_t,      \
                                                               NetworkLabels, NetworkSetCounts*);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE)
#undef DRAUGHTS_INSTANTIATE

}  // namespace draughts::tuner
