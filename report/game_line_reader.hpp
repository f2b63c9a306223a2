#pragma once
// Reads lines of games.jsonl for the report. A results folder of a long match holds hundreds of
// megabytes of JSON, mostly principal variations the report does not show, so lines are read
// with a SAX handler that keeps only the fields of MatchGame (no document tree is built), and
// the lines of a file are read in parallel.

#include <filesystem>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "report/match_game.hpp"

namespace draughts::report {

/// One line; errors name `where` (file and line).
Expected<MatchGame> read_game_line(std::string_view line, std::string_view where);

/// The same by the JSON parser alone (no move scanner, nothing cut): what read_game_line must
/// read from any valid JSON line (tests/fuzz: games_jsonl, the differential target).
Expected<MatchGame> read_game_line_by_json(std::string_view line, std::string_view where);

/// Every line of a games.jsonl file, in file order (the order the games were committed), each
/// replayed (replay_game). A last line that does not parse is a torn write of an interrupted run
/// and is left out; a bad line before it is an error.
Expected<std::vector<MatchGame>> read_game_lines(const std::filesystem::path& file);

}  // namespace draughts::report
