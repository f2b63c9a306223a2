#pragma once
// Evaluation weight files (configs/engines/*.yaml). A file is one YAML mapping from weight names
// to values, and must name every term and band table of the layout exactly once (a region or
// endgame table may be left out, and is then empty):
//
//   man: 1000                  # a term: one value for middle game and endgame ...
//   tempo: {mg: 6, eg: 30}     # ... or a middle-game / endgame pair
//   pattern_band0: {}          # a table: sparse {entry: value} (absent entries are zero) ...
//   pattern_band1: [0, 0, ...] # ... or a sequence of all 6561 values
//
// Values are integers in engine units (1000 = one man). A missing, unknown or duplicated name,
// a non-integer value or an out-of-range table entry is an error naming the file, line and key.
//
// A file records its variant (`variant: brazilian`, as rules::parse_variant reads it; absent
// means international, so the 10x10 files need no key) and holds the tables of that variant's
// board (3 bands, 9 regions and 3 endgame bands on 8x8). Reading a file of another variant than the
// one asked for is an error naming the file and both variants.

#include <filesystem>
#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "engine/eval_weights.hpp"

namespace draughts::engine {

/// Reads weights of variant V from YAML text; `source` names the text in error messages.
template <typename V = rules::International>
Expected<BasicEvalWeights<V>> parse_weights(std::string_view text, std::string_view source);

/// Reads a weight file of variant V.
template <typename V = rules::International>
Expected<BasicEvalWeights<V>> load_weights(const std::filesystem::path& path);

/// The weights of the file at `path`, or `fallback` when no file is named (`path` empty).
template <typename V>
Expected<BasicEvalWeights<V>> load_weights_or(const std::filesystem::path& path,
                                              const BasicEvalWeights<V>& fallback) {
    if (path.empty()) return fallback;
    return load_weights<V>(path);
}

/// Writes weights as YAML text: the variant (except for international), terms as {mg, eg}
/// pairs (or single values when equal), tables as sparse mappings of their non-zero entries.
/// parse_weights<V>(format_weights(w)) == w.
template <typename V>
std::string format_weights(const BasicEvalWeights<V>& weights, std::string_view comment = {});

/// Writes a weight file (replacing it); fails when the file cannot be written.
template <typename V>
Expected<void> save_weights(const BasicEvalWeights<V>& weights, const std::filesystem::path& path,
                            std::string_view comment = {});

}  // namespace draughts::engine
