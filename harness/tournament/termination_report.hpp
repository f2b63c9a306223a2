#pragma once
// The termination table of a report: for every engine, how its games ended (wins, draws and
// losses by each termination code), so that forfeits (a crashing or flagging engine) are seen in
// the report itself, not only in engines.log. Codes are termination_code's; forfeits are marked.

#include <string>
#include <vector>

#include "common/json.hpp"
#include "harness/tournament/standings.hpp"

namespace draughts::harness {

/// One engine's row group of the table.
struct EngineTerminations {
    std::string engine;
    TerminationTable table;
};

/// The tables of every engine of the standings, in engine order (engines without games left out).
std::vector<EngineTerminations> termination_tables(const Standings& standings);

/// Text: a block per engine, one line per termination code with wins, draws and losses.
std::string format_terminations(const std::vector<EngineTerminations>& tables);

/// JSON: {engine: {code: {"wins", "draws", "losses", "games"}}} in engine order.
Json terminations_json(const std::vector<EngineTerminations>& tables);

/// "crash 2, time_forfeit 1": the forfeits of a run (empty when none), for the progress line.
std::string forfeits_text(const Standings& standings);

}  // namespace draughts::harness
