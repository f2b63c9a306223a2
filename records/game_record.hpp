#pragma once
// Everything known about a played game: enough to write its PDN, its JSON line, and the
// statistics of a match. Templates over the rules variant V; GameRecord is the international one.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/json_fwd.hpp"
#include "records/game_line.hpp"
#include "records/termination.hpp"
#include "records/time_control.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"

namespace draughts::harness {

/// One ply as played: the move, what the referee measured, and what the player reported.
template <typename V>
struct BasicPlyRecord {
    rules::BasicMove<V> move;
    std::string notation;              ///< PDN form: short, long only when the short is ambiguous
    double seconds = 0.0;              ///< thinking time measured by the referee
    std::optional<double> clock_left;  ///< mover's clock after the move (increment included)
    std::optional<int> score;          ///< reported, engine units, mover's point of view
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<double> reported_seconds;
    std::vector<std::string> pv;
};

/// Totals of one side over a game.
struct SideStats {
    int moves = 0;
    double time_used = 0.0;   ///< seconds measured by the referee
    std::uint64_t nodes = 0;  ///< sum of reported nodes
};

/// Labels set by whoever schedules the game (PDN tags Event, Site, Date, Round, Opening).
struct GameInfo {
    std::string event;
    std::string site;
    std::string date;  ///< YYYY.MM.DD; empty writes "????.??.??"
    std::string round;
    std::string opening;  ///< e.g. the index of the opening in its book
};

/// A finished (or aborted) game.
template <typename V>
struct BasicGameRecord {
    GameInfo info;
    std::string white;  ///< player names
    std::string black;
    rules::BasicPosition<V> start;
    std::array<TimeControl, 2> time_controls;  ///< indexed by colour
    std::vector<BasicPlyRecord<V>> plies;
    GameEnd end;
    /// For egdb_win and egdb_draw: the database's value of the final position and the count,
    /// e.g. "win 7 for White, 16-move rule, 20 of 32 plies left"; empty otherwise.
    std::string egdb_value;
    /// Probes of the endgame database of adjudication that failed (the game was played on), and
    /// the first one's error.
    int egdb_probe_errors = 0;
    std::string egdb_probe_error;
    std::array<SideStats, 2> stats{};  ///< indexed by colour
    /// Indexed by colour: the player could not start the game (it failed new_game).
    std::array<bool, 2> not_started{};

    rules::BasicPosition<V> final_position() const {
        rules::BasicPosition<V> p = start;
        for (const BasicPlyRecord<V>& ply : plies) p = p.after(ply.move);
        return p;
    }
    const SideStats& side(rules::Color c) const {
        return stats[static_cast<std::size_t>(rules::index_of(c))];
    }
};

/// The international game's records.
using PlyRecord = BasicPlyRecord<rules::International>;
using GameRecord = BasicGameRecord<rules::International>;

/// Score in men for reports: "+0.25", "-1.50", or "+W7"/"-L7" for a win/loss found in 7 plies.
std::string format_score(int score);

/// The record in the games.jsonl schema (records/game_line.hpp), without a place in a schedule.
/// Defined for the variants of rules/variant_list.hpp.
template <typename V>
GameLine to_game_line(const BasicGameRecord<V>& record);

/// to_json(to_game_line(record)): the record as one JSON object (`draughts game --json`).
template <typename V>
Json to_json(const BasicGameRecord<V>& record);

}  // namespace draughts::harness
