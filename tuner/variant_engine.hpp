#pragma once
// The engine's evaluation types of a rules variant V as the tuner uses them, in one place: the
// weights, their parameter layout (that of V's board) and the weight files. The tuner's templates
// over V name the engine only through these, so that they follow the engine's own templates.

#include <filesystem>
#include <string_view>

#include "common/expected.hpp"
#include "engine/eval_weights.hpp"
#include "engine/weights_file.hpp"
#include "rules/variant.hpp"

namespace draughts::tuner {

/// The rules::Variant value of a policy type (the inverse of rules::dispatch_variant).
using rules::variant_of;

/// Evaluation weights of variant V.
template <typename V>
using WeightsOf = engine::BasicEvalWeights<V>;

/// Parameter layout of variant V's board.
template <typename V>
using LayoutOf = engine::BasicParameterLayout<typename V::Board>;

/// Reads a weight file of variant V (an error names the file, and another variant's file is
/// refused).
template <typename V>
Expected<WeightsOf<V>> load_weights_of(const std::filesystem::path& path) {
    return engine::load_weights<V>(path);
}

/// Writes a weight file of variant V.
template <typename V>
Expected<void> save_weights_of(const WeightsOf<V>& weights, const std::filesystem::path& path,
                               std::string_view comment) {
    return engine::save_weights(weights, path, comment);
}

}  // namespace draughts::tuner
