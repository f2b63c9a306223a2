#pragma once
// Merging the results folders of several machines or shards of one match (`draughts merge`):
// the counts of their committed pairs are added (never their Elo or LLR averaged) and the report
// is computed from the sum; the games are concatenated.
//
// Folders must have the same engines (names, in the same order) and tournament type, so that
// their encounters are the same. Other differences that change what the games measure (engine
// settings, time control, adjudication) are refused unless forced.

#include <filesystem>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "harness/config/match_config.hpp"
#include "harness/tournament/results_folder.hpp"
#include "harness/tournament/standings.hpp"

namespace draughts::harness {

/// One folder taken into a merge.
struct MergedFolder {
    std::filesystem::path dir;
    MatchConfig config;
    StoredRun run;
};

/// The sum of several folders.
struct MergedResults {
    std::vector<MergedFolder> folders;
    Standings standings;
    std::vector<std::string> warnings;  ///< differences accepted (forced, or harmless)
};

/// Why two configurations cannot be merged: differences in what the games measure (empty when
/// they can). Names, order and tournament type are checked separately (never forceable).
std::vector<std::string> incompatibilities(const MatchConfig& a, const MatchConfig& b);

/// Reads and adds the folders; `force` accepts incompatible settings (reported as warnings).
Expected<MergedResults> merge_results(const std::vector<std::filesystem::path>& dirs, bool force);

/// Writes the merged games as a results folder: config.yaml (the first folder's), games.pdn and
/// games.jsonl in folder order (pairs renumbered; each line keeps its source folder and pair),
/// and summary.json.
Expected<void> write_merged(const MergedResults& merged, const std::filesystem::path& dir,
                            const Json& summary);

}  // namespace draughts::harness
