#pragma once
// The checks of a finished soak run on its results folder: every scheduled game exactly once in
// games.jsonl and games.pdn, the two agreeing game for game, and every result agreeing with the
// way the game ended. Failures are reported as GoogleTest failures.

#include <filesystem>
#include <map>
#include <string>

namespace draughts::soak {

/// What the results folder holds.
struct ResultFigures {
    int games = 0;
    std::map<std::string, int> terminations;  ///< termination code -> games
};

/// Checks the folder of a match of `games` games (see the top of the file).
ResultFigures verify_results(const std::filesystem::path& results, int games);

/// The number of complete lines in a results folder's games.jsonl.
int recorded_games(const std::filesystem::path& results);

/// True when a killed run left a torn end for --resume to repair: a partial or unpaired line in
/// games.jsonl, or PDN text after the last recorded game.
bool has_torn_end(const std::filesystem::path& results);

/// True when games.jsonl itself is torn (a partial line, or a pair with one game only): the
/// resume then reports the lines it drops.
bool has_torn_ledger(const std::filesystem::path& results);

/// Makes a torn end as a power loss in the middle of a write would: half a line appended to
/// games.jsonl and half a game to games.pdn. False when the files are not there yet.
bool tear_end(const std::filesystem::path& results);

}  // namespace draughts::soak
