#include "stats/text_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace draughts::harness {

namespace {

/// Fixed-point text; an infinite or unknown value is "n/a" (reports never print "inf").
std::string fixed(double x, int decimals) {
    if (!std::isfinite(x)) return "n/a";
    if (std::abs(x) < 0.5 * std::pow(10.0, -decimals)) x = 0.0;  // no "-0.00"
    return fmt::format("{:.{}f}", x, decimals);
}

std::string percent(double fraction) {
    return std::isnan(fraction) ? "n/a" : fixed(100.0 * fraction, 2) + " %";
}

std::string decision_text(SprtDecision decision) {
    switch (decision) {
        case SprtDecision::AcceptH0:
            return "H0 accepted";
        case SprtDecision::AcceptH1:
            return "H1 accepted";
        case SprtDecision::Continue:
            break;
    }
    return "continue";
}

std::string sprt_line(const PairSummary& s) {
    if (!s.sprt) return {};
    const SprtParameters& p = *s.sprt;
    const std::string hypotheses =
        fmt::format("[{}, {}] {}", fixed(p.elo0, 2), fixed(p.elo1, 2), to_string(p.model));
    if (!s.sprt_status) return fmt::format("SPRT {}: {}\n", hypotheses, s.sprt_error);
    const SprtStatus& st = *s.sprt_status;
    std::string verdict(decision_text(st.decision));
    if (s.sprt_decided)
        verdict = fmt::format(
            "{} at LLR {} (the pairs under way then, counted here, moved it back inside)",
            decision_text(s.sprt_decided->decision), fixed(s.sprt_decided->llr, 2));
    return fmt::format("LLR: {} ({}, {}) {}, {}\n", fixed(st.llr, 2), fixed(st.bounds.lower, 2),
                       fixed(st.bounds.upper, 2), hypotheses, verdict);
}

std::string pentanomial_line(const Pentanomial& p) {
    std::string line = fmt::format("Ptnml(0-2): [{}]", fmt::join(p.bins(), ", "));
    if (p.even_unsplit == 0) line += fmt::format(", WL/DD: {}/{}", p.wl, p.dd);
    line += "\n";
    return line;
}

/// The error bars, LOS and LLR treat every pair as an independent sample; pairs that replay an
/// earlier pair's games add no information, so the figures overstate the evidence.
std::string repeated_pairs_note(const PairSummary& s) {
    const std::int64_t pairs = s.counts.pairs.pairs();
    if (!s.distinct_pairs || *s.distinct_pairs >= pairs) return {};
    return fmt::format(
        "Note: only {} of {} pairs are distinct (the others replay earlier games); the figures "
        "above count {} independent pairs, so their error bars are too narrow. Use an opening "
        "book with more openings or a time control.\n",
        *s.distinct_pairs, pairs, pairs);
}

}  // namespace

std::string split_pairs_note(const PairSummary& s) {
    const Pentanomial& p = s.counts.pairs;
    const std::int64_t pairs = p.pairs();
    if (!s.counts.paired || pairs < 2 || p.wl == 0 || p.wl + p.dd + p.even_unsplit != pairs)
        return {};
    return fmt::format(
        "every pair split 1-1 ({} of {} with a win each): the engines may play identically "
        "(a deterministic engine against itself plays each opening's game twice, colours "
        "swapped), and then the Elo is 0 whatever their strength and its error bar measures "
        "nothing; vary the engines, their limits or the time control",
        p.wl, pairs);
}

std::string format_pair_report(const PairSummary& s) {
    const Estimate& e = s.estimate;
    const bool pairs = e.kind == SampleKind::Pentanomial;
    std::string out =
        fmt::format("Results of {} vs {} ({}, {} {}):\n", s.first, s.second,
                    pairs ? "pentanomial" : "trinomial", e.samples, pairs ? "pairs" : "games");
    out += fmt::format("Elo: {}, nElo: {}\n", elo_text(e, 2), nelo_text(e, 2));
    out += fmt::format("LOS: {}, DrawRatio: {}, Score: {}", percent(e.los), percent(e.draw_ratio),
                       percent(e.score));
    if (pairs) {
        const Pentanomial& p = s.counts.pairs;
        const double losing = static_cast<double>(p.ll + p.ld);
        out += ", PairsRatio: " + fixed(static_cast<double>(p.wd + p.ww) / losing, 2);
    }
    out += "\n";
    const Trinomial& g = s.counts.games;
    if (g.games() > 0) {
        out += fmt::format("Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1f}\n",
                           g.games(), g.wins, g.losses, g.draws, g.points());
    }
    if (pairs) out += pentanomial_line(s.counts.pairs);
    out += sprt_line(s);
    out += repeated_pairs_note(s);
    if (const std::string note = split_pairs_note(s); !note.empty()) out += "Note: " + note + ".\n";
    return out;
}

std::string format_live_line(const PairSummary& s, std::int64_t planned_games) {
    const Trinomial& g = s.counts.games;
    const Estimate& e = s.estimate;
    std::string line = fmt::format("Games {}", g.games());
    if (planned_games > 0) line += fmt::format("/{}", planned_games);
    line += fmt::format(": +{} -{} ={}", g.wins, g.losses, g.draws);
    line += fmt::format("  Elo {}  nElo {}  LOS {}%", elo_text(e, 1), nelo_text(e, 1),
                        fixed(100.0 * e.los, 1));
    if (s.sprt_status) {
        const SprtStatus& st = *s.sprt_status;
        line += fmt::format("  LLR {} ({}, {})", fixed(st.llr, 2), fixed(st.bounds.lower, 2),
                            fixed(st.bounds.upper, 2));
    }
    return line;
}

std::string format_rating_table(const RatingTable& table) {
    std::vector<std::size_t> order(table.entries.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return table.entries[a].elo > table.entries[b].elo;
    });
    int width = 6;
    bool site = false;
    for (const RatingEntry& e : table.entries) {
        width = std::max(width, static_cast<int>(e.name.size()));
        site = site || e.site_rating.has_value();
    }
    std::string out = fmt::format("{:>4}  {:<{}} {:>8} {:>7} {:>7} {:>7} {:>7}", "Rank", "Engine",
                                  width, "Elo", "+/-", "Games", "Score", "Draws");
    out += site ? "    Site\n" : "\n";
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
        const RatingEntry& e = table.entries[order[rank]];
        const double games = static_cast<double>(e.games.games());
        const double draw_count = static_cast<double>(e.games.draws);
        const std::string score =
            games > 0 ? fixed(100.0 * e.games.points() / games, 1) + "%" : "-";
        const std::string draws = games > 0 ? fixed(100.0 * draw_count / games, 1) + "%" : "-";
        out += fmt::format("{:4}  {:<{}} {:>8} {:>7} {:7} {:>7} {:>7}", rank + 1, e.name, width,
                           fixed(e.elo, 1), fixed(e.error, 1), e.games.games(), score, draws);
        out += site ? fmt::format(" {:>7}\n", e.site_rating ? std::to_string(*e.site_rating) : "-")
                    : "\n";
    }
    out += fmt::format("Anchor: {} = {}; errors are 95% intervals\n",
                       table.anchor ? *table.anchor : "average", fixed(table.anchor_elo, 1));
    return out;
}

}  // namespace draughts::harness
