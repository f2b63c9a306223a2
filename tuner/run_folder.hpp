#pragma once
// The folder of a resumable run (a Texel tuning, a network training): its checkpoint file and
// the rule that a resume needs one and a new run must not find one, so that a finished or
// interrupted run is never overwritten by accident.

#include <filesystem>

#include "common/expected.hpp"

namespace draughts::tuner {

/// The checkpoint's name inside a run folder.
inline constexpr const char* kCheckpointFile = "checkpoint.bin";

/// Checks `folder` for a run: with `resume` it must hold a checkpoint, without it none; then
/// creates it (with `create`). Errors name the folder and say what to do.
Expected<void> prepare_run_folder(const std::filesystem::path& folder, bool resume, bool create);

}  // namespace draughts::tuner
