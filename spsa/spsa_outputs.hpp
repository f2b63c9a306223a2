#pragma once
// What an SPSA run leaves besides its state: the final values (final.yaml), for the built-in
// engine a weight file with them (weights.yaml), summary.json, and the progress line.

#include <optional>
#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "spsa/spsa_config.hpp"
#include "spsa/spsa_state.hpp"

namespace draughts::spsa {

/// The final values as engine parameters (integers rounded to the nearest).
engine::ParameterValues final_values(const SpsaConfig& config, const SpsaState& state);

/// final.yaml: a comment saying where the values come from, `parameters:` (the values as an
/// engine entry takes them) and `theta:` (unrounded).
std::string final_values_yaml(const SpsaConfig& config, const SpsaState& state);

/// For a built-in engine: its weight file (or built-in weights) with the evaluation values of
/// final.yaml applied, as a weight file's text; nullopt for other engines and when no
/// evaluation weight is tuned. Play it with final.yaml's search.* and time.* values only (a
/// scale applied twice would scale twice).
Expected<std::optional<std::string>> final_weights(const SpsaConfig& config,
                                                   const SpsaState& state);

/// summary.json: `state` ("running", "completed", "interrupted", "failed"), iterations applied
/// of planned, games and W/D/L of theta+, iterations per minute, theta at the start and now.
Json spsa_summary(const SpsaConfig& config, const SpsaState& state, std::string_view run_state,
                  double iterations_per_minute);

/// The progress line: iterations done of planned, iterations per minute, ETA, W-D-L and the
/// current theta.
std::string spsa_progress_line(const SpsaConfig& config, const SpsaState& state,
                               double iterations_per_minute);

}  // namespace draughts::spsa
