#include "tuner/synthetic_data.hpp"

#include <algorithm>
#include <vector>

#include "common/portable_random.hpp"
#include "engine/evaluate.hpp"
#include "tuner/loss.hpp"

namespace draughts::tuner {

namespace {

/// `count` distinct values below `bound` (rejection; the counts used are small).
void distinct(PortableRandom& random, std::size_t count, std::size_t bound,
              std::vector<std::uint32_t>& out) {
    out.clear();
    count = std::min(count, bound);
    while (out.size() < count) {
        const auto v = static_cast<std::uint32_t>(random.below(bound));
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    }
}

Outcome draw_outcome(PortableRandom& random, double s, double draw_share) {
    const double draw = draw_share * 2.0 * std::min(s, 1.0 - s);
    const double u = random.uniform();
    if (u < s - draw / 2) return Outcome::WhiteWin;
    if (u < s + draw / 2) return Outcome::Draw;
    return Outcome::BlackWin;
}

}  // namespace

Eigen::VectorXd synthetic_true_weights(const SyntheticSpec& spec) {
    PortableRandom random(spec.seed * 0x9e3779b97f4a7c15ULL + 17);
    Eigen::VectorXd w(static_cast<Eigen::Index>(spec.parameter_count()));
    for (Eigen::Index i = 0; i < w.size(); ++i)
        w[i] = (2.0 * random.uniform() - 1.0) * spec.weight_range;
    return w;
}

CoefficientStore synthetic_store(const SyntheticSpec& spec, const Eigen::VectorXd& true_weights,
                                 std::size_t rows, std::uint64_t stream) {
    const auto packing = EntryPacking::for_parameters(spec.parameter_count());
    CoefficientStore store(spec.parameter_count(), *packing);
    store.reserve(rows, rows * (2 * spec.terms_per_row + spec.table_hits_per_row));
    PortableRandom random(spec.seed ^ (stream * 0xbf58476d1ce4e5b9ULL + 1));
    std::vector<std::uint32_t> picked;
    std::vector<engine::EvalCoefficient> row;
    const auto max_feature = static_cast<std::uint64_t>(spec.max_feature);
    for (std::size_t r = 0; r < rows; ++r) {
        const int p = static_cast<int>(random.below(engine::kPhaseScale + 1));
        row.clear();
        distinct(random, spec.terms_per_row, spec.terms, picked);
        for (const std::uint32_t t : picked) {
            const int magnitude = 1 + static_cast<int>(random.below(max_feature));
            const int f = random.below(2) == 0 ? magnitude : -magnitude;
            if (p != 0) row.push_back({2 * t, f * p});
            if (p != engine::kPhaseScale) row.push_back({2 * t + 1, f * (engine::kPhaseScale - p)});
        }
        distinct(random, spec.table_hits_per_row, spec.table_entries, picked);
        for (const std::uint32_t e : picked) {
            const int sign = random.below(2) == 0 ? 1 : -1;
            row.push_back(
                {static_cast<std::uint32_t>(2 * spec.terms) + e, sign * engine::kPhaseScale});
        }
        std::sort(row.begin(), row.end(),
                  [](const auto& a, const auto& b) { return a.index < b.index; });
        double eval = 0.0;
        for (const engine::EvalCoefficient& c : row)
            eval += true_weights[c.index] * c.value / engine::kPhaseScale;
        const Outcome result = draw_outcome(random, sigmoid(eval, spec.k), spec.draw_share);
        // Values are at most max_feature * kPhaseScale, far inside the packing.
        (void)store.append(row, p, result);
    }
    return store;
}

}  // namespace draughts::tuner
