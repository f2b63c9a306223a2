#include "harness/tournament/termination_report.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "records/termination.hpp"
#include "stats/stats_json.hpp"

namespace draughts::harness {

namespace {

/// The code with " (forfeit)" when a player lost it by breaking the rules or the protocol.
std::string code_label(const std::string& code) {
    const auto termination = termination_from_code(code);
    const bool forfeit = termination && category_of(*termination) == TerminationCategory::Forfeit;
    return forfeit ? code + " (forfeit)" : code;
}

}  // namespace

std::vector<EngineTerminations> termination_tables(const Standings& standings) {
    std::vector<EngineTerminations> out;
    const auto& tables = standings.engine_terminations();
    for (std::size_t i = 0; i < tables.size(); ++i) {
        if (!tables[i].empty()) out.push_back({standings.engine_names()[i], tables[i]});
    }
    return out;
}

std::string format_terminations(const std::vector<EngineTerminations>& tables) {
    std::size_t width = 11;  // "Termination"
    for (const auto& t : tables)
        for (const auto& entry : t.table) width = std::max(width, code_label(entry.first).size());
    std::string out;
    for (const auto& t : tables) {
        out += fmt::format("Terminations of {}:\n  {:<{}} {:>6} {:>6} {:>6}\n", t.engine,
                           "Termination", width, "Wins", "Draws", "Losses");
        for (const auto& [code, counts] : t.table) {
            out += fmt::format("  {:<{}} {:>6} {:>6} {:>6}\n", code_label(code), width, counts.wins,
                               counts.draws, counts.losses);
        }
    }
    return out;
}

Json terminations_json(const std::vector<EngineTerminations>& tables) {
    Json out = Json::object();
    for (const auto& t : tables) {
        Json engine = Json::object();
        for (const auto& [code, counts] : t.table) engine[code] = to_json(counts);
        out[t.engine] = std::move(engine);
    }
    return out;
}

std::string forfeits_text(const Standings& standings) {
    std::string out;
    for (const auto& [code, count] : standings.forfeits())
        out += fmt::format("{}{} {}", out.empty() ? "" : ", ", code, count);
    return out;
}

}  // namespace draughts::harness
