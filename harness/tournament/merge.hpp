#pragma once
// Merging the results folders of several machines or shards of one match (`draughts merge`):
// the counts of their committed pairs are added (never their Elo or LLR averaged) and the report
// is computed from the sum; the games are concatenated.
//
// Folders must have the same engines (names, in the same order) and tournament type, so that
// their encounters are the same. Other differences that change what the games measure (engine
// settings, time control, adjudication) are refused unless forced.
//
// No game is counted twice: a folder given twice (under any spelling, or through a symbolic
// link) is refused, and so are two folders holding the same game of one run. A game's origin is
// its run id and pair (config.yaml's provenance); a game of a merged folder keeps the origin it
// had, so merging a merged folder with one of its sources is refused too. Shards of one match
// are separate runs (each has its own run id) and merge; two folders that recorded overlapping
// shards (--shard, e.g. 1/4 and 1/2) are refused. Folders written before run ids existed
// cannot be checked for shared games; a warning says so.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "harness/config/match_config.hpp"
#include "harness/tournament/provenance.hpp"
#include "harness/tournament/standings.hpp"
#include "records/results_folder.hpp"

namespace draughts::harness {

/// One folder taken into a merge.
struct MergedFolder {
    std::filesystem::path dir;
    MatchConfig config;
    StoredRun run;
    std::optional<Provenance> provenance;  ///< nullopt for a folder written before provenance

    /// The folder's run id; empty when it has none.
    std::string run_id() const { return provenance ? provenance->run_id : std::string(); }
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
/// A folder given twice, or two folders with a game of the same origin, are errors (never
/// forceable); see the top of the file.
Expected<MergedResults> merge_results(const std::vector<std::filesystem::path>& dirs, bool force);

/// The provenance of a merged folder: a new run id, the folders (and run ids) it comes from, and
/// `session`.
Provenance merged_provenance(const MergedResults& merged, RunSession session);

/// Writes the merged games as a results folder: config.yaml (the first folder's configuration and
/// `provenance`), games.pdn and games.jsonl in folder order, and summary.json. Games get new,
/// unique numbers (pair, game, PDN Round tag); each line records its `source` (folder, run id,
/// pair, pair_game and game there) and keeps its `origin` (run id and pair where it was played).
Expected<void> write_merged(const MergedResults& merged, const std::filesystem::path& dir,
                            const Json& summary, const Provenance& provenance);

}  // namespace draughts::harness
