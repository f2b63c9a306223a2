#pragma once
// Before the first game of an SPSA run: does the engine take every tuned parameter, with a type
// and a range that hold the configured ones? A parameter is taken
//   - by the built-in engine when engine/engine_parameters.hpp knows its name;
//   - by a Hub engine when it declares it (`param name=.. type=int|real min=.. max=..`, read
//     from one handshake with the engine, which is then asked to quit);
//   - by any program whose arguments hold a `{NAME}` placeholder for it.
// Each problem names the parameter's place in the configuration (file, line, column), the
// engine, and what it declares.

#include <string>
#include <vector>

#include "common/expected.hpp"
#include "spsa/spsa_config.hpp"

namespace draughts::spsa {

/// Checks every tuned parameter of `config` against its engine (see the top of the file); all
/// problems at once, one per line.
Expected<void> check_engine_parameters(const SpsaConfig& config);

}  // namespace draughts::spsa
