#include "harness/tournament/match_report.hpp"

#include <fmt/format.h>

#include "stats/stats_json.hpp"
#include "stats/text_report.hpp"

namespace draughts::harness {

Expected<std::optional<Sprt>> make_sprt(const SprtConfig& config) {
    if (!config.enabled) return std::optional<Sprt>();
    auto sprt = Sprt::create({config.elo0, config.elo1, config.alpha, config.beta, config.model});
    if (!sprt) return make_error("sprt: " + sprt.error().message);
    return std::optional<Sprt>(std::move(sprt).value());
}

MatchReport make_report(const Standings& standings, const Sprt* sprt) {
    MatchReport report;
    const auto& names = standings.engine_names();
    for (std::size_t i = 0; i < standings.encounters().size(); ++i) {
        const Encounter& e = standings.encounters()[i];
        PairSummary summary = summarize(names[e.first], names[e.second], standings.counts(i),
                                        i == 0 ? sprt : nullptr);
        summary.distinct_pairs = standings.distinct_pairs(i);
        report.encounters.push_back(std::move(summary));
    }
    report.terminations = termination_tables(standings);
    const auto count = [&](Termination t) {
        const auto it = standings.terminations().find(std::string(termination_code(t)));
        return it == standings.terminations().end() ? std::int64_t{0} : it->second;
    };
    report.egdb_wins = count(Termination::EgdbWin);
    report.egdb_draws = count(Termination::EgdbDraw);
    report.egdb_probe_errors = standings.egdb_probe_errors();
    if (names.size() > 2 && standings.games() > 0) {
        auto table = compute_ratings(standings.pairwise());
        if (table) {
            add_site_ratings(*table, standings.played());
            report.ratings = std::move(table).value();
        } else {
            report.ratings_error = table.error().message;
        }
    }
    return report;
}

std::string time_controls_text(const std::vector<std::string>& names,
                               const std::vector<std::string>& controls) {
    std::string each;
    bool differ = false;
    for (std::size_t i = 0; i < controls.size(); ++i) {
        differ = differ || controls[i] != controls.front();
        each += fmt::format("{}{} {}", each.empty() ? "" : ", ", i < names.size() ? names[i] : "?",
                            controls[i]);
    }
    if (controls.empty()) return {};
    return differ ? each : controls.front();
}

std::string time_controls_text(const MatchConfig& config) {
    std::vector<std::string> names;
    std::vector<std::string> controls;
    for (const EngineConfig& e : config.engines) {
        names.push_back(e.name);
        controls.push_back(to_string(e.time_control.value_or(config.time_control)));
    }
    return controls.empty() ? to_string(config.time_control) : time_controls_text(names, controls);
}

std::string format_report(const MatchReport& report) {
    std::string out;
    if (!report.time_control.empty()) out += "Time control: " + report.time_control + "\n\n";
    bool first = true;
    for (const PairSummary& s : report.encounters) {
        if (!first) out += "\n";
        first = false;
        out += format_pair_report(s);
    }
    if (report.ratings) {
        out += '\n';
        out += format_rating_table(*report.ratings);
    }
    if (!report.ratings_error.empty()) {
        out += "\nNo rating table: ";
        out += report.ratings_error;
        out += '\n';
    }
    if (!report.terminations.empty()) {
        out += '\n';
        out += format_terminations(report.terminations);
    }
    if (report.egdb_wins + report.egdb_draws > 0)
        out +=
            fmt::format("\nAdjudicated by endgame database: {} games (egdb_win {}, egdb_draw {})\n",
                        report.egdb_wins + report.egdb_draws, report.egdb_wins, report.egdb_draws);
    if (report.egdb_probe_errors > 0)
        out += fmt::format(
            "\nEndgame database probes that failed: {} (those games were played on; see "
            "engines.log)\n",
            report.egdb_probe_errors);
    return out;
}

Json to_json(const MatchReport& report) {
    Json encounters = Json::array();
    for (const PairSummary& s : report.encounters) encounters.push_back(to_json(s));
    Json out = {{"encounters", std::move(encounters)}};
    if (report.ratings) out["ratings"] = to_json(*report.ratings);
    if (!report.ratings_error.empty()) out["ratings_error"] = report.ratings_error;
    out["engine_terminations"] = terminations_json(report.terminations);
    if (report.egdb_wins + report.egdb_draws > 0)
        out["egdb_adjudicated"] = {{"egdb_win", report.egdb_wins},
                                   {"egdb_draw", report.egdb_draws}};
    if (report.egdb_probe_errors > 0) out["egdb_probe_errors"] = report.egdb_probe_errors;
    return out;
}

Json summary_json(const MatchConfig& config, std::int64_t planned_games, const Standings& standings,
                  const MatchReport& report, std::string_view state) {
    Json engines = Json::array();
    for (const EngineConfig& e : config.engines)
        engines.push_back(
            {{"name", e.name},
             {"kind", kind_name(e.spec)},
             {"time_control", to_string(e.time_control.value_or(config.time_control))}});
    Json terminations = Json::object();
    for (const auto& [code, count] : standings.terminations()) terminations[code] = count;
    Json out = {{"schema", kSummarySchema},
                {"event", config.event},
                {"state", state},
                {"tournament", tournament_type_name(config.tournament.type)},
                {"time_control", time_controls_text(config)},
                {"engines", std::move(engines)},
                {"games_planned", planned_games},
                {"games", standings.games()},
                {"pairs", standings.pairs()},
                {"pairs_distinct", standings.distinct_pairs()},
                {"terminations", std::move(terminations)}};
    Json details = to_json(report);
    for (auto& [key, value] : details.items()) out[key] = std::move(value);
    return out;
}

}  // namespace draughts::harness
