#pragma once
// Traces of another engine's evaluation, for the Texel tuner (docs/traces.md). An engine whose
// evaluation is linear in its weights (or that can list its terms' coefficients) writes, for each
// position, the game result and the non-zero (term, coefficient) pairs; `draughts tune` fits the
// weights to the results with the same machinery as for the built-in engine (K fit, Adam,
// hold-out, early stop, checkpoints) and writes them as a named list. The text form:
//
//   draughts-trace 1                  the format and its version (first line)
//   tapered 24                        optional: each term has a middle-game and an endgame
//                                     weight, mixed by the position's phase, 0 (endgame) .. 24
//   terms 3                           how many terms follow
//   term material 100                 name and starting weight (tapered: two, mg and eg;
//   term mobility 4.5                 missing weights start at 0)
//   term passer 20 45
//   positions 2                       optional: exactly this many positions follow
//   1 phase=24 score=35 0:2 mobility:-3
//   0.5 phase=7 2:1.5
//
// A position is a line: the result from White's side (1, 0.5, 0, or the PDN tokens 1-0, 1/2-1/2,
// 0-1, 2-0, 1-1, 0-2), optionally `phase=P` (required when tapered) and `score=S` (a search score
// in the engine's units from White's side, kept for trainers of one's own), then TERM:VALUE pairs,
// TERM an index (0-based) or a name of the header, VALUE the term's coefficient (White's count
// minus Black's, any real number). Blank lines and lines starting with # are skipped. Every
// problem is an error naming the file and line: an unknown term, a count that does not match, a
// last line without its line end (a truncated file).
//
// Coefficients are kept, like the built-in engine's, in 32nds of the term's unit (the taper
// folded in: a tapered term's coefficient c at phase p of P adds c p/P to its middle-game weight
// and c (P - p)/P to its endgame weight).

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "tuner/coefficient_store.hpp"

namespace draughts::tuner {

/// The first line of a trace.
inline constexpr std::string_view kTraceMagic = "draughts-trace 1";

/// A trace in memory: its terms and their rows.
struct ExternalTrace {
    std::vector<std::string> terms;
    std::optional<int> phases;  ///< tapered: phases run 0 .. *phases
    /// The starting weights, one per parameter: a term's, or (tapered) its mg then its eg.
    std::vector<double> start;
    CoefficientStore store = CoefficientStore::for_parameters(1);
    /// The line of the first position without a score (0: every one has one; the store counts
    /// them: CoefficientStore::scored_rows).
    int first_unscored_line = 0;

    /// Parameters: one per term, two when tapered.
    std::size_t parameter_count() const { return terms.size() * (phases ? 2 : 1); }
    /// A parameter's name: the term's, or "TERM.mg" / "TERM.eg" when tapered.
    std::string parameter_name(std::size_t index) const;
};

/// True when `text` starts like a trace (its first line is kTraceMagic).
bool is_trace_text(std::string_view text);

/// Parses a trace; `source` names it in errors.
Expected<ExternalTrace> parse_trace(std::string_view text, std::string_view source);

/// Reads a trace file.
Expected<ExternalTrace> load_trace(const std::filesystem::path& path);

/// The weights as a named list (YAML): `name: value`, or `name: {mg: .., eg: ..}` when tapered,
/// after a comment.
std::string format_named_weights(const ExternalTrace& trace, const std::vector<double>& weights,
                                 std::string_view comment);

}  // namespace draughts::tuner
