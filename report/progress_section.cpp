#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "records/game_line.hpp"
#include "report/line_chart.hpp"
#include "report/match_sections.hpp"
#include "stats/pair_summary.hpp"

namespace draughts::report {

namespace {

/// At most this many points per line: enough to see the course of a long match, few enough
/// for a small file.
constexpr std::size_t kMaxPoints = 300;

harness::GameOutcome outcome_for_first(const std::string& result, bool first_is_white) {
    const auto parsed = harness::parse_result(result);
    if (!parsed) return harness::GameOutcome::Draw;
    return harness::outcome_for(*parsed,
                                first_is_white ? rules::Color::White : rules::Color::Black);
}

/// The running record of one encounter: its counts after each of its pairs, sampled.
struct Running {
    LineSeries elo;
    LineSeries llr;
};

Running running_record(const MatchFolder& folder, std::size_t encounter) {
    std::vector<std::size_t> pairs;
    for (std::size_t p = 0; p < folder.pairs.size(); ++p)
        if (folder.pair_encounters[p] == encounter) pairs.push_back(p);
    const harness::Sprt* sprt = encounter == 0 && folder.sprt ? &*folder.sprt : nullptr;
    const harness::PairSummary& final_summary = folder.report.encounters[encounter];
    Running out;
    out.elo.name = final_summary.first + " v " + final_summary.second;
    out.llr.name = out.elo.name;
    harness::MatchCounts counts;
    counts.paired = true;
    const std::size_t step = std::max<std::size_t>(1, (pairs.size() + kMaxPoints - 1) / kMaxPoints);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const auto [g0, g1] = folder.pairs[pairs[i]];
        const harness::GameOutcome a = outcome_for_first(folder.games[g0].result, true);
        const harness::GameOutcome b = outcome_for_first(folder.games[g1].result, false);
        counts.games.add(a);
        counts.games.add(b);
        counts.pairs.add(a, b);
        if ((i + 1) % step != 0 && i + 1 != pairs.size()) continue;
        const harness::PairSummary s = harness::summarize("", "", counts, sprt);
        const auto x = static_cast<double>(i + 1);
        out.elo.points.emplace_back(x, s.estimate.elo);
        out.elo.lower.push_back(s.estimate.elo_lower);
        out.elo.upper.push_back(s.estimate.elo_upper);
        if (s.sprt_status) out.llr.points.emplace_back(x, s.sprt_status->llr);
    }
    return out;
}

}  // namespace

Section progress_section(const MatchFolder& folder) {
    LineChart elo{.title = "Elo and its 95 % interval against pairs played",
                  .x_label = "pairs played",
                  .y_label = "Elo"};
    LineChart llr{.title = "LLR against pairs played, with the SPRT bounds",
                  .x_label = "pairs played",
                  .y_label = "LLR"};
    for (std::size_t e = 0; e < folder.report.encounters.size(); ++e) {
        Running r = running_record(folder, e);
        // Intervals of several encounters would hide each other: bands for a single one only.
        if (folder.report.encounters.size() > 1) {
            r.elo.lower.clear();
            r.elo.upper.clear();
        }
        // Elo is infinite while one side has every point; those points are left out.
        elo.series.push_back(std::move(r.elo));
        if (!r.llr.points.empty()) llr.series.push_back(std::move(r.llr));
    }
    std::string html = elo.figure("elo-progress").html();
    if (!llr.series.empty() && folder.sprt) {
        const harness::SprtBounds bounds = folder.sprt->bounds();
        llr.references = {{bounds.upper, fmt::format("H1 at {:.2f}", bounds.upper)},
                          {bounds.lower, fmt::format("H0 at {:.2f}", bounds.lower)}};
        html += llr.figure("llr-progress").html();
    } else {
        html += "<p class=\"note\">No SPRT in this match.</p>";
    }
    return Section{"progress", "Elo and LLR against pairs played", std::move(html)};
}

}  // namespace draughts::report
