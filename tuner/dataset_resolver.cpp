#include "tuner/dataset_resolver.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <string>

#include "common/portable_random.hpp"
#include "common/tsan_annotations.hpp"
#include "engine/evaluate.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "tuner/quiet_resolver.hpp"

namespace draughts::tuner {

namespace {

/// Samples resolved at a time: bounds the memory of traces waiting to be packed.
constexpr std::size_t kResolveBlock = 1 << 15;

template <typename V>
struct Resolved {
    QuietStatus status = QuietStatus::Quiet;
    rules::BasicPosition<V> leaf;
    engine::EvalTrace trace;
};

/// White's evaluation as the engine computes it from the coefficients: trunc(S / kPhaseScale),
/// clamped like evaluate().
template <typename W>
std::int64_t linear_white_eval(const CoefficientStore& store, std::size_t row, const W& weights) {
    std::int64_t s = 0;
    const EntryPacking& packing = store.packing();
    for (const std::uint32_t e : store.row(row))
        s += std::int64_t{weights[packing.index(e)]} * packing.value(e);
    return std::clamp<std::int64_t>(s / engine::kPhaseScale, -engine::kMaxEvaluation,
                                    engine::kMaxEvaluation);
}

/// Why a row is inconsistent, or nullopt.
template <typename V>
std::optional<std::string> check_row(const BasicDataset<V>& dataset, std::size_t row,
                                     const WeightsOf<V>& base, const WeightsOf<V>& random) {
    const BasicResolvedCoefficients<V>& c = *dataset.coefficients;
    const rules::BasicPosition<V>& leaf = c.leaves[row];
    if (rules::has_capture(leaf)) return "the leaf has a capture pending";
    if (engine::phase(leaf) != c.store.phase(row))
        return "stored phase " + std::to_string(c.store.phase(row)) + ", the leaf's is " +
               std::to_string(engine::phase(leaf));
    for (const WeightsOf<V>* w : {&base, &random}) {
        const int side_eval = engine::evaluate(leaf, *w);
        const std::int64_t engine_white =
            leaf.side_to_move() == rules::Color::White ? side_eval : -side_eval;
        const std::int64_t linear = linear_white_eval(c.store, row, *w);
        if (engine_white != linear)
            return std::string(w == &base ? "base" : "random") + " weights: engine eval " +
                   std::to_string(engine_white) + ", coefficients give " + std::to_string(linear);
    }
    return std::nullopt;
}

template <typename V>
WeightsOf<V> random_weights() {
    PortableRandom random(0x5eedc0ffeeULL);
    WeightsOf<V> w = WeightsOf<V>::zero();
    for (std::size_t i = 0; i < LayoutOf<V>::count(); ++i)
        w.set(i, static_cast<int>(random.below(801)) - 400);
    return w;
}

}  // namespace

template <typename V>
Expected<BasicResolvedDataset<V>> resolve_dataset(const std::vector<BasicSample<V>>& samples,
                                                  const WeightsOf<V>& weights) {
    BasicResolvedDataset<V> out;
    out.dataset.coefficients.emplace();
    BasicResolvedCoefficients<V>& coefficients = *out.dataset.coefficients;
    // Reserved once, so that the arrays do not grow by doubling: that would leave up to half of
    // them unused and, while one grows, hold its old and new copies at once.
    coefficients.leaves.reserve(samples.size());
    out.dataset.samples.reserve(samples.size());
    out.kept.reserve(samples.size());
    std::vector<Resolved<V>> block;
    for (std::size_t first = 0; first < samples.size(); first += kResolveBlock) {
        const std::size_t count = std::min(kResolveBlock, samples.size() - first);
        block.assign(count, Resolved<V>{});
        // The loop below reads what the tasks wrote: TSan cannot see TBB's join (see the header).
        const ForkJoinEdges edges;
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, count, 256), edges.traced([&](const auto& r) {
                for (std::size_t i = r.begin(); i != r.end(); ++i) {
                    const auto q = resolve_quiet(samples[first + i].position, weights);
                    block[i].status = q.status;
                    block[i].leaf = q.leaf;
                    if (q.status == QuietStatus::Quiet)
                        block[i].trace = engine::trace_evaluation(q.leaf);
                }
            }));
        edges.joined();
        for (std::size_t i = 0; i < count; ++i) {
            const Resolved<V>& r = block[i];
            if (r.status == QuietStatus::GameOver) {
                ++out.counts.game_over;
                continue;
            }
            if (r.status == QuietStatus::TooDeep) {
                ++out.counts.too_deep;
                continue;
            }
            const BasicSample<V>& sample = samples[first + i];
            if (auto ok = coefficients.store.append(r.trace.coefficients, r.trace.phase,
                                                    sample.result, sample.score);
                !ok)
                return make_error("sample " + std::to_string(first + i) + " (" +
                                  rules::to_fen(sample.position) + "): " + ok.error().message);
            coefficients.leaves.push_back(r.leaf);
            out.dataset.samples.push_back(sample);
            out.kept.push_back(first + i);
            ++out.counts.kept;
        }
        if (first == 0 && count < samples.size() && out.counts.kept > 0) {
            // The entries per row of the first block, with a margin, for the whole set.
            const double per_row = static_cast<double>(coefficients.store.entry_count()) /
                                   static_cast<double>(out.counts.kept);
            coefficients.store.reserve(
                samples.size(),
                static_cast<std::size_t>(per_row * 1.03 * static_cast<double>(samples.size())));
        }
    }
    return out;
}

template <typename V>
Expected<ConsistencyReport> check_consistency(const BasicDataset<V>& dataset,
                                              const WeightsOf<V>& weights) {
    if (!dataset.coefficients) return make_error("the data set has no coefficients");
    const BasicResolvedCoefficients<V>& c = *dataset.coefficients;
    if (c.leaves.size() != c.store.size() || c.store.size() != dataset.samples.size())
        return make_error("leaves, coefficient rows and samples differ in number");
    const WeightsOf<V> random = random_weights<V>();
    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    // The smallest bad row, so that the report does not depend on scheduling: each task checks
    // its rows in order until one is bad or lies beyond the smallest bad row known so far.
    std::atomic<std::size_t> smallest_bad{kNone};
    // The tasks read the data set and weights the caller prepared: TSan cannot see TBB's fork.
    const ForkJoinEdges edges;
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, c.store.size(), 1024), edges.traced([&](const auto& r) {
            for (std::size_t i = r.begin(); i != r.end() && i < smallest_bad.load(); ++i) {
                if (!check_row(dataset, i, weights, random)) continue;
                std::size_t known = smallest_bad.load();
                while (i < known && !smallest_bad.compare_exchange_weak(known, i)) {
                }
                return;
            }
        }));
    edges.joined();
    const std::size_t bad = smallest_bad.load();
    if (bad != kNone)
        return make_error(
            "coefficients of sample " + std::to_string(dataset.number(bad)) + " (quiet leaf " +
            rules::to_fen(c.leaves[bad]) +
            ") do not match the engine: " + *check_row(dataset, bad, weights, random));
    return ConsistencyReport{c.store.size()};
}

namespace {

/// The seeded shuffle of `rows` row numbers (Fisher-Yates with the portable generator), in the
/// narrowest index type that holds them: the same draws give the same order in either type.
template <typename Index>
std::vector<Index> shuffled_rows(std::uint64_t rows, std::uint64_t seed) {
    std::vector<Index> order(rows);
    std::iota(order.begin(), order.end(), Index{0});
    PortableRandom random(seed);
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[random.below(i)]);
    return order;
}

template <typename Index>
TrainingSplit split_rows(const CoefficientStore& store, std::uint64_t first, std::uint64_t total,
                         double holdout_fraction, std::uint64_t seed) {
    const std::vector<Index> order = shuffled_rows<Index>(total, seed);
    const auto holdout = static_cast<std::size_t>(
        std::llround(std::clamp(holdout_fraction, 0.0, 1.0) * static_cast<double>(order.size())));
    const std::size_t train = order.size() - holdout;
    TrainingSplit split{CoefficientStore(store.parameter_count(), store.packing()),
                        CoefficientStore(store.parameter_count(), store.packing())};
    // Exact sizes first, so that each store is allocated once: an estimate a little short would
    // double an array (and hold two copies of it while it grows).
    std::array<std::size_t, 2> rows{0, 0};
    std::array<std::size_t, 2> entries{0, 0};
    for (std::size_t i = 0; i < order.size(); ++i) {
        const std::uint64_t row = order[i];
        if (row < first || row - first >= store.size()) continue;
        const std::size_t part = i < train ? 0 : 1;
        ++rows[part];
        entries[part] += store.row(row - first).size();
    }
    split.train.reserve(rows[0], entries[0]);
    split.holdout.reserve(rows[1], entries[1]);
    const bool whole = first == 0 && store.size() == total;
    std::vector<std::uint64_t> train_rows;
    std::vector<std::uint64_t> holdout_rows;
    if (!whole) {
        train_rows.reserve(rows[0]);
        holdout_rows.reserve(rows[1]);
    }
    for (std::size_t i = 0; i < order.size(); ++i) {
        const std::uint64_t row = order[i];
        if (row < first || row - first >= store.size()) continue;
        const bool in_train = i < train;
        (in_train ? split.train : split.holdout).append_row(store, row - first);
        if (!whole) (in_train ? train_rows : holdout_rows).push_back(in_train ? i : i - train);
    }
    if (!whole) {
        split.train.set_share(std::move(train_rows), train);
        split.holdout.set_share(std::move(holdout_rows), holdout);
    }
    return split;
}

}  // namespace

TrainingSplit split_share(const CoefficientStore& store, std::uint64_t first, std::uint64_t total,
                          double holdout_fraction, std::uint64_t seed) {
    if (total <= std::numeric_limits<std::uint32_t>::max())
        return split_rows<std::uint32_t>(store, first, total, holdout_fraction, seed);
    return split_rows<std::uint64_t>(store, first, total, holdout_fraction, seed);
}

TrainingSplit split_store(const CoefficientStore& store, double holdout_fraction,
                          std::uint64_t seed) {
    return split_share(store, 0, store.size(), holdout_fraction, seed);
}

#define DRAUGHTS_TUNER_RESOLVER(Policy)                                                        \
    template Expected<BasicResolvedDataset<rules::Policy>> resolve_dataset(                    \
        const std::vector<BasicSample<rules::Policy>>&, const WeightsOf<rules::Policy>&);      \
    template Expected<ConsistencyReport> check_consistency(const BasicDataset<rules::Policy>&, \
                                                           const WeightsOf<rules::Policy>&);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_TUNER_RESOLVER)
#undef DRAUGHTS_TUNER_RESOLVER

}  // namespace draughts::tuner
