#pragma once
// A match results folder as the report reads it: config.yaml (engines, tournament, SPRT; see
// folder_settings.hpp),
// summary.json (state, provenance), and every game of games.jsonl, counted again into the
// harness's Standings and MatchReport so that the page shows the same figures as the text
// report and summary.json (the statistics module computes them; nothing is recomputed here).

#include <array>
#include <filesystem>
#include <optional>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "harness/tournament/match_report.hpp"
#include "harness/tournament/standings.hpp"
#include "report/folder_settings.hpp"
#include "report/match_game.hpp"
#include "stats/sprt.hpp"

namespace draughts::report {

/// Everything read from one match folder; see the top of the file.
struct MatchFolder {
    std::filesystem::path dir;
    MatchSettings settings;
    Json summary;                  ///< summary.json; an empty object when the file is missing
    std::vector<MatchGame> games;  ///< in the order they were committed
    /// The complete pairs in the order they were committed: indices into `games`, game 0 first,
    /// and the encounter each belongs to.
    std::vector<std::array<std::size_t, 2>> pairs;
    std::vector<std::size_t> pair_encounters;
    std::optional<harness::Standings> standings;
    std::optional<harness::Sprt> sprt;
    harness::MatchReport report;
};

/// True when `dir` looks like a match results folder (it has games.jsonl).
bool is_match_folder(const std::filesystem::path& dir);

/// Reads a folder; errors name the file and what is wrong.
Expected<MatchFolder> read_match_folder(const std::filesystem::path& dir);

}  // namespace draughts::report
