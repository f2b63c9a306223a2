#include <fmt/format.h>

#include <cmath>

#include "report/heat_map.hpp"
#include "report/markup.hpp"
#include "report/match_sections.hpp"
#include "report/text_format.hpp"

namespace draughts::report {

namespace {

DataTable rating_table(const harness::RatingTable& ratings) {
    DataTable table{.caption = "Ratings (maximum likelihood, 95 % intervals)",
                    .headers = {"rank", "engine", "Elo", "games", "W / D / L", "score"},
                    .numeric = {true, false, true, true, true, true}};
    std::vector<std::size_t> order(ratings.entries.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return ratings.entries[a].elo > ratings.entries[b].elo;
    });
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
        const harness::RatingEntry& e = ratings.entries[order[rank]];
        const double games = static_cast<double>(e.games.games());
        table.rows.push_back(
            {std::to_string(rank + 1), e.name, elo_text(e.elo, e.error),
             count_text(e.games.games()),
             fmt::format("{} / {} / {}", e.games.wins, e.games.draws, e.games.losses),
             percent_text(games > 0 ? e.games.points() / games : std::nan(""))});
    }
    return table;
}

Figure cross_table(const harness::Standings& standings) {
    const harness::PairwiseResults& results = standings.pairwise();
    HeatMap map{.title = "Cross-table: score of the row engine against the column engine",
                .row_labels = results.names(),
                .column_labels = results.names(),
                .centre = 0.5,
                .limit = 0.5};
    for (std::size_t r = 0; r < results.size(); ++r) {
        std::vector<double> values;
        std::vector<std::string> cells;
        for (std::size_t c = 0; c < results.size(); ++c) {
            const harness::Trinomial& t = results.between(r, c);
            const double games = static_cast<double>(t.games());
            if (r == c || games <= 0.0) {
                values.push_back(std::nan(""));
                cells.emplace_back(r == c ? "" : "-");
                continue;
            }
            values.push_back(t.points() / games);
            cells.push_back(fmt::format("{:.0f}% ({})", 100.0 * t.points() / games, t.games()));
        }
        map.values.push_back(std::move(values));
        map.cells.push_back(std::move(cells));
    }
    return map.figure("cross-table");
}

}  // namespace

std::optional<Section> ratings_section(const MatchFolder& folder) {
    if (folder.settings.engines.size() < 3) return std::nullopt;
    std::string html;
    if (folder.report.ratings)
        html += rating_table(*folder.report.ratings).html();
    else
        html += fmt::format(
            "<p class=\"note\">No rating table: {}</p>",
            escape_markup(folder.report.ratings_error.empty() ? "no games yet"
                                                              : folder.report.ratings_error));
    html += cross_table(*folder.standings).html();
    return Section{"ratings", "Ratings and cross-table", std::move(html)};
}

}  // namespace draughts::report
