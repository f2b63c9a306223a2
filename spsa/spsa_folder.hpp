#pragma once
// The folder of one SPSA run (docs/spsa.md):
//
//   config.yaml   the resolved configuration and its provenance (run id, sessions, input hashes)
//   state.json    see spsa_state.hpp (replaced after every iteration)
//   spsa.csv      see spsa_state.hpp (a row per iteration)
//   games/        the pairs, a match results folder (games.pdn, games.jsonl, engines.log)
//   final.yaml    the values at the end (or where the run stopped), as an engine's parameters
//   weights.yaml  for the built-in engine: its weight file with the final values
//   summary.json  totals, rates, the start and final values
//   report.html   the report (report/)
//   verification/ the SPRT of the final values against the start, when asked for
//
// A resume takes the stored configuration (only the concurrency may change), refuses it when the
// trajectory's settings no longer match the state, and refuses input files (engine program,
// weights, book) whose content changed, unless forced.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "config/config_override.hpp"
#include "harness/tournament/provenance.hpp"
#include "records/results_folder.hpp"
#include "spsa/spsa_config.hpp"
#include "spsa/spsa_state.hpp"

namespace draughts::spsa {

inline constexpr const char* kFinalValuesFile = "final.yaml";
inline constexpr const char* kWeightsFile = "weights.yaml";
inline constexpr const char* kVerificationFolder = "verification";

/// An open run folder (its games folder locked).
struct SpsaFolder {
    std::filesystem::path dir;
    SpsaConfig config;
    harness::Provenance provenance;
    SpsaState state;
    std::optional<harness::ResultsFolder> games;
    harness::StoredRun stored;       ///< the pairs games/ holds
    std::vector<std::string> notes;  ///< warnings for the console (inputs changed, forced)

    std::filesystem::path state_file() const { return dir / kStateFile; }
    std::filesystem::path csv_file() const { return dir / kCsvFile; }
    std::filesystem::path games_dir() const { return dir / kGamesFolder; }
};

/// A new folder for `config` (config.output must be set; the folder must not exist or be
/// empty), with config.yaml, state.json and an empty games folder.
Expected<SpsaFolder> create_spsa_folder(const SpsaConfig& config, harness::Provenance provenance);

/// What a resume may change and how it is recorded.
struct ResumeOptions {
    std::vector<harness::ConfigAssignment> overrides;  ///< `concurrency` only
    bool force = false;                                ///< continue although inputs changed
    harness::RunSession session;                       ///< this session, appended
};

/// Opens a folder to continue its run; see the top of the file.
Expected<SpsaFolder> open_spsa_folder(const std::filesystem::path& dir,
                                      const ResumeOptions& options);

/// The SHA-256 of trajectory_text(config).
std::string trajectory_hash(const SpsaConfig& config);

/// The YAML written to config.yaml.
std::string folder_config_yaml(const SpsaConfig& config, const harness::Provenance& provenance);

}  // namespace draughts::spsa
