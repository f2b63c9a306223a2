#include <fmt/format.h>

#include <cmath>

#include "report/data_table.hpp"
#include "report/markup.hpp"
#include "report/match_sections.hpp"
#include "report/text_format.hpp"
#include "stats/estimate.hpp"
#include "stats/text_report.hpp"

namespace draughts::report {

namespace {

/// Encounters shown as cards of figures at most (a gauntlet of three opponents).
constexpr std::size_t kMaxCards = 3;

/// One row per encounter (a gauntlet's opponents, a round robin's pairs), first engine's view.
DataTable encounter_table(const std::vector<harness::PairSummary>& encounters) {
    DataTable table{.caption = "Encounters (from the first engine's side)",
                    .headers = {"first", "second", "games", "W / D / L", "score", "Elo (95 %)",
                                "nElo (95 %)", "LOS"},
                    .numeric = {false, false, true, true, true, true, true, true}};
    for (const harness::PairSummary& s : encounters) {
        const harness::Trinomial& g = s.counts.games;
        table.rows.push_back({s.first, s.second, count_text(g.games()),
                              fmt::format("{} / {} / {}", g.wins, g.draws, g.losses),
                              percent_text(s.estimate.score), harness::elo_text(s.estimate, 1),
                              harness::nelo_text(s.estimate, 1), percent_text(s.estimate.los)});
    }
    return table;
}

std::string fact(std::string_view key, std::string_view value) {
    return fmt::format(
        "<div class=\"fact\"><span class=\"k\">{}</span><span class=\"v\">{}</span></div>",
        escape_markup(key), escape_markup(value));
}

std::string sprt_verdict(harness::SprtDecision decision) {
    switch (decision) {
        case harness::SprtDecision::AcceptH0:
            return "H0 accepted";
        case harness::SprtDecision::AcceptH1:
            return "H1 accepted";
        case harness::SprtDecision::Continue:
            break;
    }
    return "continuing";
}

/// summary.json's state (harness::run_end_name, "running", "merged") in words.
std::string state_words(std::string_view state) {
    static constexpr std::pair<std::string_view, std::string_view> kWords[] = {
        {"running", "running"},
        {"completed", "completed: every game was played"},
        {"sprt_h0", "H0 accepted: the SPRT stopped the match"},
        {"sprt_h1", "H1 accepted: the SPRT stopped the match"},
        {"interrupted", "interrupted (draughts match --resume continues it)"},
        {"stopped", "stopped by the stop file (draughts match --resume continues it)"},
        {"failed", "failed (see engines.log)"},
        {"merged", "merged from several results folders"},
    };
    for (const auto& [code, words] : kWords)
        if (code == state) return std::string(words);
    return std::string(state);
}

std::string encounter_facts(const harness::PairSummary& s) {
    const harness::Estimate& e = s.estimate;
    const harness::Trinomial& g = s.counts.games;
    std::string out = "<div class=\"headline\" data-encounter=\"" + escape_markup(s.first) + "\">";
    out += fact("Elo (95 %)", harness::elo_text(e, 1));
    out += fact("nElo (95 %)", harness::nelo_text(e, 1));
    out += fact("LOS", percent_text(e.los));
    if (s.sprt && s.sprt_status) {
        const harness::SprtStatus& st = *s.sprt_status;
        out += fact("LLR (bounds)", fmt::format("{:.2f} ({:.2f}, {:.2f})", st.llr, st.bounds.lower,
                                                st.bounds.upper));
        std::string verdict = sprt_verdict(st.decision);
        if (s.sprt_decided)
            verdict = fmt::format("{} at LLR {:.2f} (the pairs under way then moved it back)",
                                  sprt_verdict(s.sprt_decided->decision), s.sprt_decided->llr);
        out += fact(fmt::format("SPRT [{:g}, {:g}] {}", s.sprt->elo0, s.sprt->elo1,
                                to_string(s.sprt->model)),
                    verdict);
    } else if (s.sprt) {
        out += fact("SPRT", s.sprt_error.empty() ? "no result" : s.sprt_error);
    }
    out += fact("Games", count_text(g.games()));
    out += fact("W / D / L", fmt::format("{} / {} / {}", g.wins, g.draws, g.losses));
    out += fact("Draw ratio", percent_text(e.draw_ratio));
    out += fact("Points / games",
                fmt::format("{:g} / {} ({})", g.points(), g.games(),
                            percent_text(g.games() > 0 ? g.points() / static_cast<double>(g.games())
                                                       : std::nan(""))));
    if (s.counts.paired) out += fact("Pairs", count_text(s.counts.pairs.pairs()));
    out += "</div>";
    if (const std::string note = harness::split_pairs_note(s); !note.empty())
        out += "<p class=\"note\" data-note=\"split-pairs\">Note: " + escape_markup(note) + ".</p>";
    return out;
}

}  // namespace

Section headline_section(const MatchFolder& folder) {
    std::string html;
    const std::string* state_field = string_field(folder.summary, "state");
    const std::string state = state_field ? *state_field : "unknown";
    html += fmt::format(
        "<p>State: <span class=\"verdict\" data-state=\"{0}\">{1}</span>. Time control {2}; {3} "
        "of {4} planned games counted.</p>",
        escape_markup(state), escape_markup(state_words(state)),
        escape_markup(harness::time_controls_text(folder.settings.engines,
                                                  folder.settings.engine_time_controls)),
        count_text(folder.standings->games()),
        count_text(int_field(folder.summary, "games_planned").value_or(0)));
    // Games the endgame database could not judge were played on: the reader must know.
    if (const std::int64_t errors = folder.report.egdb_probe_errors; errors > 0)
        html += fmt::format(
            "<p class=\"warning\" data-egdb-probe-errors=\"{0}\">Endgame database: {0} "
            "probes failed (those games were played on; see engines.log).</p>",
            errors);
    const auto& encounters = folder.report.encounters;
    if (encounters.size() > 1) html += encounter_table(encounters).html();
    // Cards for a few encounters; a round robin of many engines has the table (and the ratings).
    if (encounters.size() <= kMaxCards) {
        for (const harness::PairSummary& s : encounters) {
            html +=
                fmt::format("<h3>{} v {}</h3>", escape_markup(s.first), escape_markup(s.second));
            html += encounter_facts(s);
        }
    }
    return Section{"summary", "Summary", std::move(html)};
}

}  // namespace draughts::report
