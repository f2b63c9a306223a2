#pragma once
// The figures of a tournament computed from its standings with the statistics module: one
// summary per encounter (Elo, nElo, LOS, pentanomial counts; the SPRT on a head-to-head match)
// and, with more than two engines, the rating table. Used for the final report, summary.json and
// `draughts merge`.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/json.hpp"
#include "harness/config/match_config.hpp"
#include "harness/tournament/standings.hpp"
#include "harness/tournament/termination_report.hpp"
#include "stats/pair_summary.hpp"
#include "stats/rating_table.hpp"
#include "stats/sprt.hpp"

namespace draughts::harness {

/// Everything reported about a tournament's results.
struct MatchReport {
    /// The time control the engines play (time_controls_text); empty: not shown.
    std::string time_control;
    std::vector<PairSummary> encounters;           ///< in schedule order; the SPRT is on the first
    std::optional<RatingTable> ratings;            ///< with more than two engines and some games
    std::string ratings_error;                     ///< why there is no table although wanted
    std::vector<EngineTerminations> terminations;  ///< how each engine's games ended
    std::int64_t egdb_wins = 0;   ///< games ended by the endgame database (egdb_win)
    std::int64_t egdb_draws = 0;  ///< (egdb_draw)
    /// Probes of the adjudication's endgame database that failed (those games were played on).
    std::int64_t egdb_probe_errors = 0;
};

/// The version of summary.json's layout, its `schema` key (docs/results-files.md): raised when a
/// key changes meaning or goes away, not when one is added.
inline constexpr int kSummarySchema = 1;

/// The time control every engine plays ("nodes=1000"), or each engine's when they differ
/// ("wrapbot nodes=1000, builtin 10+0.1"); `controls[i]` is engine i's (its own or the match's).
std::string time_controls_text(const std::vector<std::string>& names,
                               const std::vector<std::string>& controls);
/// The same for a configuration: each engine's own time control, or the match's.
std::string time_controls_text(const MatchConfig& config);

/// The SPRT a configuration asks for (nullopt when off); errors name the bad parameter.
Expected<std::optional<Sprt>> make_sprt(const SprtConfig& config);

/// Computes the report; `sprt` may be null.
MatchReport make_report(const Standings& standings, const Sprt* sprt);

/// The report as text: the time control, the block of each encounter, the rating table, then
/// the terminations.
std::string format_report(const MatchReport& report);

/// The report as JSON: {"encounters": [...], "ratings": {...}, "engine_terminations": {...}}.
Json to_json(const MatchReport& report);

/// summary.json: its schema version, event, state ("running", "completed", "sprt_h0", ...),
/// games planned and counted, terminations, time control (time_controls_text), engines (name,
/// kind, time control) and the report. docs/results-files.md describes every key.
Json summary_json(const MatchConfig& config, std::int64_t planned_games, const Standings& standings,
                  const MatchReport& report, std::string_view state);

}  // namespace draughts::harness
