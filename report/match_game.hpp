#pragma once
// What the report keeps of one game of a results folder (a line of games.jsonl): where it sits in
// the schedule, players, result and termination, per-side totals, and every move with its time,
// score, depth and nodes (the principal variations are not kept).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "report/board_code.hpp"

namespace draughts::report {

/// One move as recorded: its text, the mover's clock time, score (men, mover's view) or forced
/// win distance (plies, positive when the mover wins), search depth and nodes.
struct RecordedMove {
    std::string text;
    double time = 0.0;
    std::optional<double> score{};
    std::optional<int> win_in{};
    int depth = 0;
    std::int64_t nodes = 0;
};

/// One side's totals over a game.
struct SideTotals {
    std::int64_t moves = 0;
    double time = 0.0;
    std::int64_t nodes = 0;
};

/// One game; see the top of the file.
struct MatchGame {
    std::uint64_t pair = 0;
    int pair_game = 0;
    std::int64_t game = 0;  ///< index in the tournament (0-based)
    std::int64_t round = 0;
    std::optional<std::int64_t> opening_index;
    std::string white;
    std::string black;
    std::string start_fen;
    std::string result;       ///< "2-0", "1-1" or "0-2"
    std::string termination;  ///< code, e.g. "no_pieces", "time_forfeit"
    std::string category;     ///< "rule", "adjudication", "forfeit", ...
    std::string termination_text;
    std::int64_t plies = 0;
    /// Probes of the adjudication's endgame database that failed in the game (egdb_probe_errors).
    std::int64_t egdb_probe_errors = 0;
    SideTotals white_totals;
    SideTotals black_totals;
    /// Each side's time control as recorded (time_control_white and _black); empty in lines
    /// written before they were.
    std::string white_time_control;
    std::string black_time_control;
    std::vector<RecordedMove> moves;
    /// The rules the game was played under (the line's "variant"; empty: international).
    std::string variant;

    /// Filled by replaying the moves (replay_game) under the game's variant: the viewer's
    /// encoding of every move and the final position; `replayed` counts the plies that replayed.
    std::string encoded_moves;
    BoardCode final_board;
    std::size_t replayed = 0;
};

}  // namespace draughts::report
