#pragma once
// The engine's evaluation types of a rules variant V as the tuner uses them, in one place: the
// weights, their parameter layout (that of V's board) and the weight files. The tuner's templates
// over V name the engine only through these, so that they follow the engine's own templates.

#include <filesystem>
#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "engine/eval_weights.hpp"
#include "engine/weights_file.hpp"
#include "rules/variant.hpp"

/// Calls X(Policy) for every variant the tuner handles: the variants the engine evaluates.
#define DRAUGHTS_FOR_EACH_TUNER_VARIANT(X) X(International)

namespace draughts::tuner {

/// The rules::Variant value of a policy type (the inverse of rules::dispatch_variant).
template <typename V>
rules::Variant variant_of() {
    return *rules::variant_of_game_type(V::kGameType);
}

namespace variant_engine_detail {

/// The engine types of variant V; only variants the engine evaluates have a specialisation.
template <typename V>
struct EngineTypes;

template <>
struct EngineTypes<rules::International> {
    using Weights = engine::EvalWeights;
    using Layout = engine::ParameterLayout;
};

}  // namespace variant_engine_detail

/// Evaluation weights of variant V.
template <typename V>
using WeightsOf = typename variant_engine_detail::EngineTypes<V>::Weights;

/// Parameter layout of variant V's board.
template <typename V>
using LayoutOf = typename variant_engine_detail::EngineTypes<V>::Layout;

/// Pattern tables of variant V's board (the first bands of engine::EvalTable).
template <typename V>
constexpr int table_count() {
    return engine::kNumEvalTables;
}

/// Reads a weight file of variant V (an error names the file).
template <typename V>
Expected<WeightsOf<V>> load_weights_of(const std::filesystem::path& path) {
    return engine::load_weights(path);
}

/// Writes a weight file of variant V.
template <typename V>
Expected<void> save_weights_of(const WeightsOf<V>& weights, const std::filesystem::path& path,
                               std::string_view comment) {
    return engine::save_weights(weights, path, comment);
}

/// Calls `f(Policy{})` for the policy of `variant` and returns what it returns (an Expected); an
/// error when the engine has no evaluation of the variant.
template <typename F>
auto dispatch_tuner_variant(rules::Variant variant, F&& f) -> decltype(f(rules::International{})) {
#define DRAUGHTS_TUNER_VARIANT_CASE(Policy) \
    if (variant == rules::Variant::Policy) return f(rules::Policy{});
    DRAUGHTS_FOR_EACH_TUNER_VARIANT(DRAUGHTS_TUNER_VARIANT_CASE)
#undef DRAUGHTS_TUNER_VARIANT_CASE
    return make_error(std::string(rules::variant_name(variant)) +
                      " draughts: the engine has no evaluation of this variant yet");
}

}  // namespace draughts::tuner
