#pragma once
// The sections of a match report, one function (and file) each, all drawn from a MatchFolder.

#include <optional>

#include "report/html_page.hpp"
#include "report/match_folder.hpp"

namespace draughts::report {

/// Per encounter: Elo and nElo with 95% intervals, LOS, LLR against its bounds and the SPRT
/// state, games, W/D/L, draw ratio, points per game.
Section headline_section(const MatchFolder& folder);

/// Elo with its interval, and the LLR with its bounds, against the pairs played (the running
/// record: the pairs of games.jsonl in the order they were committed).
Section progress_section(const MatchFolder& folder);

/// The pentanomial distribution and how games ended, per engine.
Section outcomes_section(const MatchFolder& folder);

/// Per opening: the results of its pair, openings whose two games both went to one colour
/// flagged as unbalanced.
Section openings_section(const MatchFolder& folder);

/// Game lengths (histogram) and, per engine, time per move against the move number, depth,
/// nodes per second and how much of its clock it used per game.
Section games_section(const MatchFolder& folder);

/// With more than two engines: the rating table and the cross-table as a heat map.
std::optional<Section> ratings_section(const MatchFolder& folder);

/// Final positions of notable games: the longest, and forfeits.
Section notable_games_section(const MatchFolder& folder);

/// The game viewer with every game of the folder.
Section viewer_section(const MatchFolder& folder);

/// Where the results came from: version, command, inputs and their hashes, host, times.
Section provenance_section(const Json& summary);

}  // namespace draughts::report
