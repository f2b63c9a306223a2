#pragma once
// Evaluation weight files (configs/engines/*.yaml). A file is one YAML mapping from weight names
// to values, and must name every term and table of the layout exactly once:
//
//   man: 1000                  # a term: one value for middle game and endgame ...
//   tempo: {mg: 6, eg: 30}     # ... or a middle-game / endgame pair
//   pattern_band0: {}          # a table: sparse {entry: value} (absent entries are zero) ...
//   pattern_band1: [0, 0, ...] # ... or a sequence of all 6561 values
//
// Values are integers in engine units (1000 = one man). A missing, unknown or duplicated name,
// a non-integer value or an out-of-range table entry is an error naming the file, line and key.

#include <filesystem>
#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "engine/eval_weights.hpp"

namespace draughts::engine {

/// Reads weights from YAML text; `source` names the text in error messages.
Expected<EvalWeights> parse_weights(std::string_view text, std::string_view source);

/// Reads a weight file.
Expected<EvalWeights> load_weights(const std::filesystem::path& path);

/// Writes weights as YAML text: terms as {mg, eg} pairs (or single values when equal), tables as
/// sparse mappings of their non-zero entries. parse_weights(format_weights(w)) == w.
std::string format_weights(const EvalWeights& weights, std::string_view comment = {});

/// Writes a weight file (replacing it); fails when the file cannot be written.
Expected<void> save_weights(const EvalWeights& weights, const std::filesystem::path& path,
                            std::string_view comment = {});

}  // namespace draughts::engine
