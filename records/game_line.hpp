#pragma once
// The games.jsonl schema, defined once: the keys of a game's JSON line and a typed form of the
// line that every writer and reader shares (the tournament and `draughts game --json` write it;
// resume, merge, the report, datagen and the tuner's sampler read it).
//
// A line is one JSON object, keys in this order:
//   schema, pair, pair_game, game, round, opening_index  where the game sits in the schedule
//                                        (games.jsonl only; `round` is then the schedule's round)
//   event, round, opening                          the PDN labels (`round` only without a place)
//   white, black, start_fen, time_control_white, time_control_black, result, termination,
//   category, termination_text, plies, white_stats {moves, time, nodes},
//   black_stats {...}, moves [{move, time, clock?, score? | win_in?, depth?, nodes?,
//   reported_time?, pv?}], egdb_value?, egdb_probe_errors?, egdb_probe_error? (absent: no
//   probe of the adjudication's endgame database failed), variant? (absent: international)
//   pdn_offset, pdn_bytes                          added by the results folder
//   source {dir, run_id, pair, pair_game, game}, origin {run_id, pair}   added by `draughts merge`
// Scores are in men (`score`), or plies to a forced end (`win_in`); see docs/matches.md.
// The form is variant-free: moves are notation text and the start a FEN of the line's variant.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "common/json_fwd.hpp"
#include "records/termination.hpp"

namespace draughts::harness {

/// The keys of a line, its side totals and its moves.
namespace line_key {
inline constexpr const char* kSchema = "schema";       ///< kGameLineSchema (games.jsonl lines)
inline constexpr const char* kPair = "pair";           ///< pair index in the schedule
inline constexpr const char* kPairGame = "pair_game";  ///< 0 or 1
inline constexpr const char* kGame = "game";           ///< game index in the tournament
inline constexpr const char* kRound = "round";         ///< schedule round (1-based), or PDN Round
inline constexpr const char* kOpeningIndex = "opening_index";  ///< index in the book, or null
inline constexpr const char* kEvent = "event";
inline constexpr const char* kOpening = "opening";
inline constexpr const char* kWhite = "white";
inline constexpr const char* kBlack = "black";
inline constexpr const char* kStartFen = "start_fen";
inline constexpr const char* kTimeControlWhite = "time_control_white";
inline constexpr const char* kTimeControlBlack = "time_control_black";
inline constexpr const char* kResult = "result";  ///< "2-0", "0-2", "1-1" or "*"
inline constexpr const char* kTermination = "termination";
inline constexpr const char* kCategory = "category";
inline constexpr const char* kTerminationText = "termination_text";
inline constexpr const char* kPlies = "plies";
inline constexpr const char* kWhiteStats = "white_stats";
inline constexpr const char* kBlackStats = "black_stats";
inline constexpr const char* kMoves = "moves";
inline constexpr const char* kEgdbValue = "egdb_value";
/// Probes of the adjudication's endgame database that failed (the game was played on).
inline constexpr const char* kEgdbProbeErrors = "egdb_probe_errors";
inline constexpr const char* kEgdbProbeError = "egdb_probe_error";  ///< the first one's error
inline constexpr const char* kVariant = "variant";
inline constexpr const char* kPdnOffset = "pdn_offset";  ///< byte offset in games.pdn
inline constexpr const char* kPdnBytes = "pdn_bytes";    ///< length of the game's PDN text
inline constexpr const char* kOrigin = "origin";         ///< merge: {run_id, pair} first played as
inline constexpr const char* kSource = "source";  ///< merge: {dir, run_id, pair, pair_game, game}
inline constexpr const char* kSourceDir = "dir";  ///< in source: the folder it was merged from
inline constexpr const char* kRunId = "run_id";   ///< in origin and source
}  // namespace line_key

/// The version of a games.jsonl line's layout, its `schema` key (docs/results-files.md): raised
/// when a key changes meaning or goes away, not when one is added. Lines without the key were
/// written before it and read as version 1.
inline constexpr int kGameLineSchema = 1;

/// The keys of white_stats and black_stats.
namespace side_key {
inline constexpr const char* kMoves = "moves";
inline constexpr const char* kTime = "time";
inline constexpr const char* kNodes = "nodes";
}  // namespace side_key

/// The keys of a move's object.
namespace move_key {
inline constexpr const char* kMove = "move";     ///< PDN notation
inline constexpr const char* kTime = "time";     ///< seconds measured by the referee
inline constexpr const char* kClock = "clock";   ///< mover's clock after the move
inline constexpr const char* kScore = "score";   ///< men, mover's point of view
inline constexpr const char* kWinIn = "win_in";  ///< plies to a forced end (+: the mover wins)
inline constexpr const char* kDepth = "depth";
inline constexpr const char* kNodes = "nodes";
inline constexpr const char* kReportedTime = "reported_time";
inline constexpr const char* kPv = "pv";
}  // namespace move_key

/// One move of a line.
struct MoveLine {
    std::string move;             ///< PDN notation
    double seconds = 0.0;         ///< measured by the referee
    std::optional<double> clock;  ///< mover's clock after the move
    std::optional<int> score;     ///< engine units (1000 per man), mover's point of view
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<double> reported_seconds;
    std::vector<std::string> pv;
};

/// Totals of one side over a game.
struct SideLine {
    std::int64_t moves = 0;
    double seconds = 0.0;  ///< measured by the referee
    std::uint64_t nodes = 0;
};

/// Where a game sits in a tournament's schedule.
struct GamePlace {
    std::uint64_t pair = 0;
    int pair_game = 0;                         ///< 0 or 1
    std::uint64_t game = 0;                    ///< index of the game in the tournament
    std::uint64_t round = 0;                   ///< 1-based round of the schedule
    std::optional<std::size_t> opening_index;  ///< index in the book; nullopt without a book
};

/// A game's line, typed.
struct GameLine {
    std::optional<GamePlace> place;  ///< games.jsonl lines have one
    std::string event;
    std::string round;  ///< PDN Round tag (written only without a place)
    std::string opening;
    std::string white;
    std::string black;
    std::string start_fen;
    std::array<std::string, 2> time_controls;  ///< indexed by colour
    GameResult result = GameResult::Unfinished;
    Termination termination = Termination::Aborted;
    std::string termination_text;
    std::array<SideLine, 2> sides{};  ///< indexed by colour
    std::vector<MoveLine> moves;
    std::string egdb_value;  ///< empty: none
    int egdb_probe_errors = 0;
    std::string egdb_probe_error;  ///< the first failed probe's error
    std::string variant = "international";
};

/// The line as one JSON object, keys in the order of the top of the file (without the keys the
/// results folder and merge add).
Json to_json(const GameLine& line);

/// Reads a line (the JSON written by to_json, with any keys added later); errors name `where`
/// and the key. Integer scores are read as engine units (files written before scores were in
/// men); a line without "variant" is international.
Expected<GameLine> parse_game_line(const Json& line, std::string_view where);

/// What the standings take from a stored line (read without the moves).
struct LineSummary {
    std::uint64_t pair = 0;
    int pair_game = 0;
    std::string white;
    std::string black;
    GameResult result = GameResult::Unfinished;
    Termination termination = Termination::Aborted;
    std::string variant = "international";  ///< the rules it was played under
    int egdb_probe_errors = 0;              ///< failed probes of the endgame database
};

/// Reads the fields of a games.jsonl line the standings need; errors name `where` and the key.
Expected<LineSummary> summarize_line(const Json& line, const std::string& where);

/// What identifies the games of a pair: its start positions and every move of both games. Two
/// pairs with the same signature played the same games (the same sample counted twice).
std::uint64_t pair_signature(const Json& game0, const Json& game1);

/// "2-0", "0-2" or "1-1" to a result; nullopt otherwise.
std::optional<GameResult> parse_result(std::string_view text);

/// A reported score (engine units) into a move's JSON object, in the unit users read: "score"
/// in men (0.25), or for a forced win or loss "win_in": plies (+7: the mover wins in 7 plies,
/// -7: it loses in 7).
void put_score(Json& move, int score);
/// The score of a move's JSON object in engine units; nullopt when it has none or it is no
/// engine's score. Integer "score" values are read as engine units: games.jsonl files written
/// before scores were in men.
std::optional<int> read_score(const Json& move);

}  // namespace draughts::harness
