#include "harness/stats/text_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <numeric>
#include <string_view>
#include <vector>

namespace draughts::harness {

namespace {

__attribute__((format(printf, 1, 2))) std::string printf_string(const char* format, ...) {
    char buffer[512];
    va_list args;
    va_start(args, format);
    const int length = std::vsnprintf(buffer, sizeof buffer, format, args);
    va_end(args);
    if (length < 0) return {};
    return std::string(buffer, std::min(static_cast<std::size_t>(length), sizeof buffer - 1));
}

/// Concatenates strings by appending (GCC 12 warns falsely on "literal" + temporary string).
template <typename... Parts>
std::string cat(const Parts&... parts) {
    std::string out;
    (out.append(std::string_view(parts)), ...);
    return out;
}

/// Fixed-point text that also shows infinite or unknown values readably.
std::string fixed(double x, int decimals) {
    if (std::isnan(x)) return "n/a";
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    if (std::abs(x) < 0.5 * std::pow(10.0, -decimals)) x = 0.0;  // no "-0.00"
    return printf_string("%.*f", decimals, x);
}

std::string percent(double fraction) {
    return std::isnan(fraction) ? "n/a" : cat(fixed(100.0 * fraction, 2), " %");
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
        cat("[", fixed(p.elo0, 2), ", ", fixed(p.elo1, 2), "] ", to_string(p.model));
    if (!s.sprt_status) return cat("SPRT ", hypotheses, ": ", s.sprt_error, "\n");
    const SprtStatus& st = *s.sprt_status;
    return cat("LLR: ", fixed(st.llr, 2), " (", fixed(st.bounds.lower, 2), ", ",
               fixed(st.bounds.upper, 2), ") ", hypotheses, ", ", decision_text(st.decision), "\n");
}

std::string pentanomial_line(const Pentanomial& p) {
    const auto b = p.bins();
    std::string line =
        printf_string("Ptnml(0-2): [%lld, %lld, %lld, %lld, %lld]", static_cast<long long>(b[0]),
                      static_cast<long long>(b[1]), static_cast<long long>(b[2]),
                      static_cast<long long>(b[3]), static_cast<long long>(b[4]));
    if (p.even_unsplit == 0)
        line += printf_string(", WL/DD: %lld/%lld", static_cast<long long>(p.wl),
                              static_cast<long long>(p.dd));
    line += "\n";
    return line;
}

}  // namespace

std::string format_pair_report(const PairSummary& s) {
    const Estimate& e = s.estimate;
    const bool pairs = e.kind == SampleKind::Pentanomial;
    std::string out =
        cat("Results of ", s.first, " vs ", s.second, " (", pairs ? "pentanomial, " : "trinomial, ",
            std::to_string(e.samples), pairs ? " pairs):\n" : " games):\n");
    out += cat("Elo: ", fixed(e.elo, 2), " +/- ", fixed(e.elo_error, 2),
               ", nElo: ", fixed(e.nelo, 2), " +/- ", fixed(e.nelo_error, 2), "\n");
    out += cat("LOS: ", percent(e.los), ", DrawRatio: ", percent(e.draw_ratio),
               ", Score: ", percent(e.score));
    if (pairs) {
        const Pentanomial& p = s.counts.pairs;
        const double losing = static_cast<double>(p.ll + p.ld);
        out += cat(", PairsRatio: ", fixed(static_cast<double>(p.wd + p.ww) / losing, 2));
    }
    out += "\n";
    const Trinomial& g = s.counts.games;
    if (g.games() > 0) {
        out += printf_string("Games: %lld, Wins: %lld, Losses: %lld, Draws: %lld, Points: %.1f\n",
                             static_cast<long long>(g.games()), static_cast<long long>(g.wins),
                             static_cast<long long>(g.losses), static_cast<long long>(g.draws),
                             g.points());
    }
    if (pairs) out += pentanomial_line(s.counts.pairs);
    out += sprt_line(s);
    return out;
}

std::string format_live_line(const PairSummary& s, std::int64_t planned_games) {
    const Trinomial& g = s.counts.games;
    const Estimate& e = s.estimate;
    std::string line = cat("Games ", std::to_string(g.games()));
    if (planned_games > 0) line += cat("/", std::to_string(planned_games));
    line += printf_string(": +%lld -%lld =%lld", static_cast<long long>(g.wins),
                          static_cast<long long>(g.losses), static_cast<long long>(g.draws));
    line +=
        cat("  Elo ", fixed(e.elo, 1), " +/- ", fixed(e.elo_error, 1), "  nElo ", fixed(e.nelo, 1),
            " +/- ", fixed(e.nelo_error, 1), "  LOS ", fixed(100.0 * e.los, 1), "%");
    if (s.sprt_status) {
        const SprtStatus& st = *s.sprt_status;
        line += cat("  LLR ", fixed(st.llr, 2), " (", fixed(st.bounds.lower, 2), ", ",
                    fixed(st.bounds.upper, 2), ")");
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
    std::string out = printf_string("%4s  %-*s %8s %7s %7s %7s %7s", "Rank", width, "Engine", "Elo",
                                    "+/-", "Games", "Score", "Draws");
    out += site ? "    Site\n" : "\n";
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
        const RatingEntry& e = table.entries[order[rank]];
        const double games = static_cast<double>(e.games.games());
        const double draw_count = static_cast<double>(e.games.draws);
        const std::string score =
            games > 0 ? cat(fixed(100.0 * e.games.points() / games, 1), "%") : "-";
        const std::string draws = games > 0 ? cat(fixed(100.0 * draw_count / games, 1), "%") : "-";
        out += printf_string("%4zu  %-*s %8s %7s %7lld %7s %7s", rank + 1, width, e.name.c_str(),
                             fixed(e.elo, 1).c_str(), fixed(e.error, 1).c_str(),
                             static_cast<long long>(e.games.games()), score.c_str(), draws.c_str());
        out += site ? printf_string(" %7s\n",
                                    e.site_rating ? std::to_string(*e.site_rating).c_str() : "-")
                    : "\n";
    }
    out += cat("Anchor: ", table.anchor ? *table.anchor : std::string("average"), " = ",
               fixed(table.anchor_elo, 1), "; errors are 95% intervals\n");
    return out;
}

}  // namespace draughts::harness
