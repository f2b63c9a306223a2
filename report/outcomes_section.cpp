#include <fmt/format.h>

#include <map>

#include "records/game_line.hpp"
#include "records/termination.hpp"
#include "report/bar_chart.hpp"
#include "report/match_sections.hpp"

namespace draughts::report {

namespace {

Figure pentanomial_figure(const MatchFolder& folder) {
    BarChart chart{.title = "Pair results (pentanomial): points of the first engine in each pair",
                   .x_label = "pair result",
                   .y_label = "pairs",
                   .categories = {"0 (LL)", "0.5 (LD)", "1 (WL)", "1 (DD)", "1.5 (WD)", "2 (WW)"}};
    for (const harness::PairSummary& s : folder.report.encounters) {
        const harness::Pentanomial& p = s.counts.pairs;
        chart.series.push_back(
            {s.first + " v " + s.second,
             {static_cast<double>(p.ll), static_cast<double>(p.ld), static_cast<double>(p.wl),
              static_cast<double>(p.dd), static_cast<double>(p.wd), static_cast<double>(p.ww)}});
    }
    return chart.figure("pentanomial");
}

/// "win: no_pieces", "loss: time_forfeit", "draw: 25_move_rule" for the engine playing `color`.
std::string outcome_key(const MatchGame& game, rules::Color color) {
    const auto result = harness::parse_result(game.result);
    const char* what = "draw";
    if (result && *result != harness::GameResult::Draw) {
        const bool white_won = *result == harness::GameResult::WhiteWin;
        what = white_won == (color == rules::Color::White) ? "win" : "loss";
    }
    return fmt::format("{}: {}", what, game.termination);
}

/// Terminations per engine, from the games themselves (each game counts for both its players).
Figure terminations_figure(const MatchFolder& folder) {
    const auto& engines = folder.settings.engines;
    std::map<std::string, std::vector<double>> counts;
    std::map<std::string, std::size_t> index;
    for (std::size_t e = 0; e < engines.size(); ++e) index[engines[e]] = e;
    for (const auto& [g0, g1] : folder.pairs) {
        for (const std::size_t g : {g0, g1}) {
            const MatchGame& game = folder.games[g];
            for (const auto& [name, color] : {std::pair{game.white, rules::Color::White},
                                              std::pair{game.black, rules::Color::Black}}) {
                const auto at = index.find(name);
                if (at == index.end()) continue;
                auto& row = counts[outcome_key(game, color)];
                row.resize(engines.size());
                row[at->second] += 1.0;
            }
        }
    }
    BarChart chart{
        .title = "How games ended, per engine (wins, losses and draws by rule or forfeit)",
        .x_label = "outcome: termination",
        .y_label = "games"};
    for (const auto& [key, row] : counts) chart.categories.push_back(key);
    for (std::size_t e = 0; e < engines.size(); ++e) {
        BarSeries s{engines[e], {}};
        for (const auto& [key, row] : counts) s.values.push_back(row[e]);
        chart.series.push_back(std::move(s));
    }
    chart.height = 360.0;
    return chart.figure("terminations");
}

}  // namespace

Section outcomes_section(const MatchFolder& folder) {
    std::string html = pentanomial_figure(folder).html();
    html += terminations_figure(folder).html();
    return Section{"outcomes", "Pair results and terminations", std::move(html)};
}

}  // namespace draughts::report
