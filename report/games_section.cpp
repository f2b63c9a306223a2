#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "report/bar_chart.hpp"
#include "report/clock_use.hpp"
#include "report/line_chart.hpp"
#include "report/match_sections.hpp"
#include "report/scale.hpp"
#include "report/text_format.hpp"

namespace draughts::report {

namespace {

/// Move numbers beyond this are left out of the per-move charts (few games get there).
constexpr std::size_t kMaxMoveNumber = 200;

Figure length_histogram(const MatchFolder& folder) {
    std::int64_t longest = 0;
    for (const MatchGame& g : folder.games) longest = std::max(longest, g.plies);
    const auto width = static_cast<std::int64_t>(
        std::max(1.0, nice_ticks(0.0, static_cast<double>(longest + 1), 16).step));
    const auto bins = static_cast<std::size_t>(longest / width + 1);
    BarChart chart{.title = "Game length (plies)", .x_label = "plies", .y_label = "games"};
    chart.series.push_back({"games", std::vector<double>(bins, 0.0)});
    for (const MatchGame& g : folder.games)
        chart.series[0]
            .values[static_cast<std::size_t>(std::max<std::int64_t>(0, g.plies) / width)] += 1.0;
    for (std::size_t b = 0; b < bins; ++b) {
        const std::int64_t lo = static_cast<std::int64_t>(b) * width;
        chart.categories.push_back(width == 1 ? std::to_string(lo)
                                              : fmt::format("{}-{}", lo, lo + width - 1));
    }
    return chart.figure("lengths");
}

/// Per engine and move number: sums of time, depth and counts; and totals of nodes and time.
struct EngineMoves {
    std::vector<double> time;
    std::vector<double> depth;
    std::vector<double> count;
    double total_time = 0.0;
    double total_nodes = 0.0;
    double total_depth = 0.0;
    double moves = 0.0;
    std::int64_t games = 0;
    // Games under a game clock: the sum and the most of the fraction of the clock used.
    double clock_fraction = 0.0;
    double clock_most = 0.0;
    std::int64_t clock_games = 0;
};

void add_clock_use(EngineMoves& e, const std::string& time_control, const SideTotals& totals) {
    const auto available = clock_available(time_control, totals.moves);
    if (!available || *available <= 0.0) return;
    const double fraction = totals.time / *available;
    e.clock_fraction += fraction;
    e.clock_most = std::max(e.clock_most, fraction);
    ++e.clock_games;
}

std::map<std::string, EngineMoves> per_engine(const MatchFolder& folder) {
    std::map<std::string, EngineMoves> out;
    for (const MatchGame& g : folder.games) {
        out[g.white].games += 1;
        out[g.black].games += 1;
        add_clock_use(out[g.white], g.white_time_control, g.white_totals);
        add_clock_use(out[g.black], g.black_time_control, g.black_totals);
        for (std::size_t ply = 0; ply < g.moves.size(); ++ply) {
            // The engine of the side to move: the start position's side moves first.
            const bool white_first = g.start_fen.empty() || g.start_fen[0] != 'B';
            const bool white = (ply % 2 == 0) == white_first;
            EngineMoves& e = out[white ? g.white : g.black];
            const RecordedMove& m = g.moves[ply];
            e.total_time += m.time;
            e.total_nodes += static_cast<double>(m.nodes);
            e.total_depth += m.depth;
            e.moves += 1.0;
            const std::size_t number = ply / 2;
            if (number >= kMaxMoveNumber) continue;
            if (e.time.size() <= number) {
                e.time.resize(number + 1);
                e.depth.resize(number + 1);
                e.count.resize(number + 1);
            }
            e.time[number] += m.time;
            e.depth[number] += m.depth;
            e.count[number] += 1.0;
        }
    }
    return out;
}

}  // namespace

Section games_section(const MatchFolder& folder) {
    std::string html = length_histogram(folder).html();
    const auto engines = per_engine(folder);
    LineChart time{.title = "Mean time per move against the move number",
                   .x_label = "move number",
                   .y_label = "seconds"};
    LineChart depth{.title = "Mean search depth against the move number",
                    .x_label = "move number",
                    .y_label = "depth"};
    DataTable table{.caption = "Per engine",
                    .headers = {"engine", "games", "moves", "time per move", "depth",
                                "nodes per second", "clock used per game: mean (most)"},
                    .numeric = {false, true, true, true, true, true, true}};
    for (const std::string& name : folder.settings.engines) {
        const auto at = engines.find(name);
        if (at == engines.end()) continue;
        const EngineMoves& e = at->second;
        LineSeries t{name, {}, {}, {}};
        LineSeries d{name, {}, {}, {}};
        for (std::size_t n = 0; n < e.count.size(); ++n) {
            if (e.count[n] <= 0.0) continue;
            t.points.emplace_back(static_cast<double>(n + 1), e.time[n] / e.count[n]);
            d.points.emplace_back(static_cast<double>(n + 1), e.depth[n] / e.count[n]);
        }
        time.series.push_back(std::move(t));
        depth.series.push_back(std::move(d));
        const double moves = std::max(1.0, e.moves);
        table.rows.push_back(
            {name, count_text(e.games), count_text(static_cast<std::int64_t>(e.moves)),
             seconds_text(e.total_time / moves), fmt::format("{:.1f}", e.total_depth / moves),
             e.total_time > 0.0
                 ? count_text(static_cast<std::int64_t>(e.total_nodes / e.total_time))
                 : "n/a",
             e.clock_games > 0
                 ? fmt::format("{:.1f} % ({:.1f} %)",
                               100.0 * e.clock_fraction / static_cast<double>(e.clock_games),
                               100.0 * e.clock_most)
                 : "n/a"});
    }
    html += table.html();
    html += time.figure("time-per-move").html();
    html += depth.figure("depth-per-move").html();
    return Section{"games", "Games and engines", std::move(html)};
}

}  // namespace draughts::report
