#pragma once
// `draughts match --resume DIR`: continues the run stored in a results folder, or extends a
// finished one with more games or rounds. Refuses inputs (book, weights, engine programs) whose
// content changed since the run started, unless forced; records the session in config.yaml.

#include <filesystem>
#include <string>
#include <vector>

#include "cluster/match_run.hpp"
#include "config/config_override.hpp"

namespace draughts::app {

/// What the user asked of a resume.
struct ResumeRequest {
    std::filesystem::path dir;                         ///< absolute
    std::vector<harness::ConfigAssignment> overrides;  ///< concurrency, games and rounds only
    bool check = false;  ///< report what the resume would do, change nothing
    bool force = false;  ///< continue although input files changed
    cluster::MatchOutput output;
    std::filesystem::path stop_file;        ///< --stop-file; empty for none
    cluster::Cluster* cluster = nullptr;    ///< under mpirun or srun
    std::vector<std::string> command_line;  ///< argv as typed, for the provenance
};

/// Runs the resume; returns the exit status of `draughts match`.
int resume_match(const ResumeRequest& request);

}  // namespace draughts::app
