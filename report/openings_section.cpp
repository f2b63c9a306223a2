#include <fmt/format.h>

#include "report/bar_chart.hpp"
#include "report/markup.hpp"
#include "report/match_sections.hpp"
#include "report/text_format.hpp"

namespace draughts::report {

namespace {

/// Rows of the table of unbalanced openings at most: a long match has thousands of openings.
constexpr std::size_t kMaxRows = 60;

enum PairKind : std::size_t { WhiteBoth, BlackBoth, OneEach, OneDecisive, BothDrawn, kKinds };

PairKind kind_of(const MatchGame& a, const MatchGame& b) {
    if (a.result == "2-0" && b.result == "2-0") return WhiteBoth;
    if (a.result == "0-2" && b.result == "0-2") return BlackBoth;
    if (a.result == "1-1" && b.result == "1-1") return BothDrawn;
    if (a.result == "1-1" || b.result == "1-1") return OneDecisive;
    return OneEach;
}

std::string opening_label(const MatchGame& game) {
    return game.opening_index ? std::to_string(*game.opening_index + 1) : std::string("start");
}

}  // namespace

Section openings_section(const MatchFolder& folder) {
    std::vector<double> kinds(kKinds, 0.0);
    DataTable flagged{
        .caption = "Unbalanced openings: both games of the pair won by the same colour",
        .headers = {"opening", "start position", "game", "result", "game", "result", "won by"},
        .breakable = {false, true}};
    std::size_t unbalanced = 0;
    for (const auto& [g0, g1] : folder.pairs) {
        const MatchGame& a = folder.games[g0];
        const MatchGame& b = folder.games[g1];
        const PairKind kind = kind_of(a, b);
        kinds[kind] += 1.0;
        if (kind != WhiteBoth && kind != BlackBoth) continue;
        ++unbalanced;
        if (flagged.rows.size() < kMaxRows)
            flagged.rows.push_back({opening_label(a), a.start_fen, std::to_string(a.game + 1),
                                    a.result, std::to_string(b.game + 1), b.result,
                                    kind == WhiteBoth ? "White" : "Black"});
    }
    BarChart chart{
        .title = "Outcomes of the pairs by colour (each opening is played once with each colour)",
        .x_label = "pair outcome",
        .y_label = "pairs",
        .categories = {"White won both", "Black won both", "one win each", "one decisive",
                       "both drawn"},
        .series = {{"pairs", kinds}}};
    std::string html = chart.figure("openings").html();
    const std::size_t pairs = folder.pairs.size();
    html += fmt::format(
        "<p><span class=\"flag\" data-unbalanced=\"{0}\">{0}</span> of {1} pairs ({2}) went to the "
        "same colour "
        "in both games: their openings are flagged as unbalanced.</p>",
        unbalanced, count_text(static_cast<std::int64_t>(pairs)),
        percent_text(pairs > 0 ? static_cast<double>(unbalanced) / static_cast<double>(pairs)
                               : 0.0));
    if (!flagged.rows.empty()) {
        flagged.numeric = {true, false, true, false, true, false, false};
        html += flagged.html();
        if (unbalanced > flagged.rows.size())
            html +=
                fmt::format("<p class=\"note\">and {} more.</p>", unbalanced - flagged.rows.size());
    }
    return Section{"openings", "Openings", std::move(html)};
}

}  // namespace draughts::report
