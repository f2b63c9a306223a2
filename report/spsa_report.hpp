#pragma once
// An SPSA folder (spsa/spsa_folder.hpp) as the report reads it: summary.json (the parameters
// with their bounds, start and final values, the totals) and spsa.csv (every iteration's theta,
// c_k, a_k and W/D/L), and its section: each parameter's trajectory inside its bounds, the step
// sizes, and the games.

#include <filesystem>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "report/html_page.hpp"
#include "spsa/spsa_state.hpp"

namespace draughts::report {

/// What the report shows of an SPSA run.
struct SpsaFolderData {
    std::filesystem::path dir;
    Json summary;
    std::vector<std::string> names;  ///< parameters, in spsa.csv's order
    std::vector<spsa::CsvRow> rows;  ///< one per applied iteration
};

/// True when `dir` looks like an SPSA folder (it has spsa.csv).
bool is_spsa_folder(const std::filesystem::path& dir);

/// Reads a folder; errors name the file and what is wrong.
Expected<SpsaFolderData> read_spsa_folder(const std::filesystem::path& dir);

/// The run, the parameters' trajectories within their bounds, the step sizes, and the games.
std::vector<Section> spsa_sections(const SpsaFolderData& folder);

}  // namespace draughts::report
