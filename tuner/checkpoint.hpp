#pragma once
// Checkpoints of a tuning run: the weights, Adam's moments and step count, the epoch, the
// per-epoch history and the best epoch with its weights, stamped with the run's fingerprint (data
// and settings) and with the rules variant (whose board gives the parameter layout) so that a
// checkpoint is never resumed into a different run. Doubles are stored bit for bit, so a resumed
// run continues exactly where the saved one stopped.

#include <filesystem>

#include "common/expected.hpp"
#include "rules/variant.hpp"
#include "tuner/texel_tuner.hpp"

namespace draughts::tuner {

/// Writes the tuner's state of a run of `variant` (atomically: a temporary file renamed into
/// place).
Expected<void> save_checkpoint(const TexelTuner& tuner, const std::filesystem::path& path,
                               rules::Variant variant = rules::Variant::International);

/// Reads a checkpoint written for `tuner`'s run of `variant`; errors name the file and what does
/// not match.
Expected<TunerState> load_checkpoint(const std::filesystem::path& path, const TexelTuner& tuner,
                                     rules::Variant variant = rules::Variant::International);

}  // namespace draughts::tuner
