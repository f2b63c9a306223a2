#pragma once
// The weights an engine plays with when it is given none. For the variants the closed loop has
// tuned, a weight file is compiled into the program (CMake variable DRAUGHTS_BUILTIN_WEIGHTS, a
// list of variant=file pairs; by default international plays the newest round of the loop at
// scale (results/2026-12-02-loop-at-scale.md) and Brazilian its tuned file). Other variants play
// their hand-set defaults (engine/default_weights.hpp). One place decides, so `draughts hub`,
// `draughts bench`, datagen and a match's built-in engine without `weights` all play the same
// reference engine, and the strongest weights ship inside the program instead of beside it.
//
// The file is read when the program is built, by the same reader as any weight file
// (weights_file.hpp, in the build tool tools/embed_weights.cpp), and compiled in as its non-zero
// parameters: parsing the YAML at every start took 0.15 s for the 131,252 parameters of the
// international file (1 s under AddressSanitizer). A test checks that what the program plays
// equals the file.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "engine/eval_weights.hpp"

namespace draughts::engine {

/// One non-zero parameter of a compiled-in weight file: its index in the variant's
/// BasicParameterLayout, and its value.
struct EmbeddedParameter {
    std::uint32_t index;
    std::int32_t value;
};

/// A weight file compiled into the program.
struct EmbeddedWeights {
    std::string_view source;    ///< its path when built, relative to the repository
    std::uint64_t layout_hash;  ///< the parameter layout's hash() that the indices refer to
    std::span<const EmbeddedParameter> parameters;  ///< the non-zero ones, in layout order
};

/// The weight file compiled in for the variant named `variant` (V::kName); nullopt when it plays
/// the hand-set defaults. Generated at build time by tools/embed_weights.cpp.
std::optional<EmbeddedWeights> embedded_weights(std::string_view variant);

/// The weights of variant V's engine when none are given: the embedded file's, else the
/// hand-set defaults. Read once per program; a file that does not read ends the program with
/// its error (the build embedded a broken file; tests catch that before anyone plays).
template <typename V>
const BasicEvalWeights<V>& builtin_weights();

/// What builtin_weights<V>() are, for reports and provenance: "built-in (configs/engines/x.yaml)"
/// or "built-in (hand-set)".
template <typename V>
std::string_view builtin_weights_name();

}  // namespace draughts::engine
