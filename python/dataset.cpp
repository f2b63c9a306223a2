#include "python/dataset.hpp"

#include <stdexcept>
#include <utility>
#include <variant>

#include "engine/builtin_weights.hpp"
#include "engine/evaluate.hpp"
#include "python/errors.hpp"
#include "python/per_variant.hpp"
#include "rules/fen.hpp"
#include "tuner/dataset.hpp"
#include "tuner/dataset_resolver.hpp"

namespace draughts::python {

struct Dataset::Typed {
    PerVariant<tuner::BasicDataset> dataset;
};

namespace {

/// Calls f(dataset) with the typed data set.
template <typename F>
auto visit_typed(const PerVariant<tuner::BasicDataset>& dataset, F&& f) {
    using Result = decltype(f(std::declval<const tuner::BasicDataset<rules::International>&>()));
    return std::visit(
        [&](const auto& typed) -> Result {
            if constexpr (std::is_same_v<std::decay_t<decltype(typed)>, std::monostate>)
                throw std::logic_error("an empty data set");
            else
                return f(typed);
        },
        dataset);
}

/// The coefficients of a resolved data set of variant V (its store moved, not copied).
template <typename V>
Coefficients coefficients_of(tuner::BasicResolvedCoefficients<V> resolved,
                             std::vector<std::int64_t> kept) {
    Coefficients out{rules::variant_of<V>(), std::move(resolved.store), {}, std::move(kept), 0, 0};
    out.leaves.reserve(resolved.leaves.size());
    for (const auto& leaf : resolved.leaves) out.leaves.push_back(rules::to_fen(leaf));
    return out;
}

}  // namespace

Dataset::Dataset(std::unique_ptr<Typed> typed) : typed_(std::move(typed)) {}
Dataset::~Dataset() = default;
Dataset::Dataset(Dataset&&) noexcept = default;
Dataset& Dataset::operator=(Dataset&&) noexcept = default;

Dataset Dataset::load(const std::filesystem::path& path, std::optional<rules::Variant> variant) {
    const rules::Variant chosen =
        variant ? *variant : loaded_or_throw(tuner::read_dataset_variant(path), path);
    auto typed = std::make_unique<Typed>();
    rules::dispatch_variant(chosen, [&](auto policy) {
        using V = decltype(policy);
        typed->dataset = loaded_or_throw(tuner::load_dataset<V>(path), path);
    });
    return Dataset(std::move(typed));
}

rules::Variant Dataset::variant() const {
    return visit_typed(typed_->dataset, [](const auto& d) {
        return rules::variant_of<typename std::decay_t<decltype(d)>::Variant>();
    });
}

std::size_t Dataset::size() const {
    return visit_typed(typed_->dataset, [](const auto& d) { return d.samples.size(); });
}

std::string Dataset::fen(std::size_t index) const {
    if (index >= size()) throw std::out_of_range("sample index out of range");
    return visit_typed(typed_->dataset,
                       [&](const auto& d) { return rules::to_fen(d.samples[index].position); });
}

std::vector<double> Dataset::results() const {
    return visit_typed(typed_->dataset, [](const auto& d) {
        std::vector<double> out;
        out.reserve(d.samples.size());
        for (const auto& s : d.samples) out.push_back(tuner::outcome_score(s.result));
        return out;
    });
}

std::vector<std::optional<int>> Dataset::plies() const {
    return visit_typed(typed_->dataset, [](const auto& d) {
        std::vector<std::optional<int>> out;
        for (const auto& s : d.samples) out.push_back(s.ply);
        return out;
    });
}

std::vector<std::optional<int>> Dataset::scores() const {
    return visit_typed(typed_->dataset, [](const auto& d) {
        std::vector<std::optional<int>> out;
        for (const auto& s : d.samples) out.push_back(s.score);
        return out;
    });
}

Coefficients Dataset::coefficients(const std::optional<Weights>& quiet_weights) const {
    if (quiet_weights && quiet_weights->variant() != variant())
        throw InputError("weights of " +
                         std::string(rules::variant_name(quiet_weights->variant())) +
                         " draughts for a data set of " +
                         std::string(rules::variant_name(variant())) + " draughts");
    return visit_typed(typed_->dataset, [&](const auto& d) {
        using V = typename std::decay_t<decltype(d)>::Variant;
        if (d.coefficients && !quiet_weights) {
            std::vector<std::int64_t> all(d.samples.size());
            for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<std::int64_t>(i);
            return coefficients_of(*d.coefficients, std::move(all));
        }
        const auto& weights =
            quiet_weights ? quiet_weights->typed<V>() : engine::builtin_weights<V>();
        auto resolved = value_or_throw(tuner::resolve_dataset(d.samples, weights));
        std::vector<std::int64_t> kept(resolved.kept.begin(), resolved.kept.end());
        Coefficients out =
            coefficients_of(std::move(*resolved.dataset.coefficients), std::move(kept));
        out.game_over = resolved.counts.game_over;
        out.too_deep = resolved.counts.too_deep;
        return out;
    });
}

std::vector<std::int32_t> Coefficients::indices() const {
    std::vector<std::int32_t> out(store.entry_count());
    const std::uint32_t* entries = store.entries();
    for (std::size_t k = 0; k < out.size(); ++k)
        out[k] = static_cast<std::int32_t>(store.packing().index(entries[k]));
    return out;
}

std::vector<double> Coefficients::values() const {
    std::vector<double> out(store.entry_count());
    const std::uint32_t* entries = store.entries();
    for (std::size_t k = 0; k < out.size(); ++k)
        out[k] = store.packing().value(entries[k]) / static_cast<double>(engine::kPhaseScale);
    return out;
}

}  // namespace draughts::python
