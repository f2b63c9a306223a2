#include "report/spsa_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/file_io.hpp"
#include "harness/tournament/progress.hpp"
#include "report/data_table.hpp"
#include "report/json_fields.hpp"
#include "report/line_chart.hpp"

namespace draughts::report {

namespace fs = std::filesystem;

namespace {

/// At most this many points per line: a run of 25,000 iterations is drawn from every 50th.
constexpr std::size_t kMaxTrajectoryPoints = 500;

/// The rows to draw: evenly spaced, always with the last.
std::vector<std::size_t> drawn_rows(std::size_t count) {
    std::vector<std::size_t> out;
    const std::size_t step =
        std::max<std::size_t>(1, (count + kMaxTrajectoryPoints - 1) / kMaxTrajectoryPoints);
    for (std::size_t i = 0; i < count; i += step) out.push_back(i);
    if (count > 0 && out.back() != count - 1) out.push_back(count - 1);
    return out;
}

const Json* parameter_in(const Json& summary, const std::string& name) {
    const Json* list = json_field(summary, "parameters");
    if (list == nullptr || !list->is_array()) return nullptr;
    for (const Json& p : *list)
        if (text_in(p, "name") == name) return &p;
    return nullptr;
}

Section run_section(const SpsaFolderData& f) {
    const Json& s = f.summary;
    const double per_minute = number_in(s, "iterations_per_minute");
    DataTable facts{.caption = "Run", .headers = {"", ""}, .numeric = {false, true}};
    facts.rows = {
        {"state", text_in(s, "state")},
        {"engine", text_in(s, "engine")},
        {"iterations applied",
         fmt::format("{:.0f} of {:.0f}", number_in(s, "applied"), number_in(s, "iterations"))},
        {"pairs per iteration", fmt::format("{:.0f}", number_in(s, "pairs_per_iteration"))},
        {"games", fmt::format("{:.0f}", number_in(s, "games"))},
        {"theta+ against theta-: W-D-L",
         fmt::format("{:.0f}-{:.0f}-{:.0f}", number_in(s, "wins"), number_in(s, "draws"),
                     number_in(s, "losses"))},
        {"iterations per minute (last session)",
         std::isfinite(per_minute) && per_minute > 0 ? fmt::format("{:.1f}", per_minute) : "n/a"},
        {"time playing", harness::format_duration(number_in(s, "seconds"))},
    };
    DataTable values{.caption = "Parameters",
                     .headers = {"parameter", "type", "start", "final", "min", "max"},
                     .numeric = {false, false, true, true, true, true}};
    const Json* list = json_field(s, "parameters");
    if (list != nullptr && list->is_array())
        for (const Json& p : *list)
            values.rows.push_back({text_in(p, "name"), text_in(p, "type"),
                                   fmt::format("{:.6g}", number_in(p, "start")),
                                   fmt::format("{:.6g}", number_in(p, "theta")),
                                   fmt::format("{:.6g}", number_in(p, "min")),
                                   fmt::format("{:.6g}", number_in(p, "max"))});
    return Section{"spsa", "SPSA", facts.html() + values.html()};
}

Section trajectories_section(const SpsaFolderData& f) {
    std::string html;
    const std::vector<std::size_t> drawn = drawn_rows(f.rows.size());
    for (std::size_t p = 0; p < f.names.size(); ++p) {
        const Json* declared = parameter_in(f.summary, f.names[p]);
        LineChart chart{.title = f.names[p] + " per iteration, inside its bounds",
                        .x_label = "iteration",
                        .y_label = f.names[p]};
        LineSeries theta{.name = "theta"};
        if (declared != nullptr) theta.points.emplace_back(0.0, number_in(*declared, "start"));
        for (const std::size_t i : drawn)
            theta.points.emplace_back(f.rows[i].iteration, f.rows[i].theta[p]);
        chart.series.push_back(std::move(theta));
        if (declared != nullptr) {
            chart.references.push_back({number_in(*declared, "min"), "min"});
            chart.references.push_back({number_in(*declared, "max"), "max"});
        }
        html += chart.figure("spsa-theta-" + std::to_string(p)).html();
    }
    return Section{"spsa-trajectories", "Parameter trajectories", html};
}

Section steps_section(const SpsaFolderData& f) {
    const std::vector<std::size_t> drawn = drawn_rows(f.rows.size());
    std::string html;
    for (std::size_t p = 0; p < f.names.size(); ++p) {
        LineChart chart{.title = f.names[p] + ": perturbation c_k and step a_k / c_k",
                        .x_label = "iteration",
                        .y_label = "parameter units"};
        LineSeries c{.name = "c_k"};
        LineSeries step{.name = "a_k / c_k (theta moves by it per game won)"};
        for (const std::size_t i : drawn) {
            const spsa::CsvRow& row = f.rows[i];
            c.points.emplace_back(row.iteration, row.c_k[p]);
            step.points.emplace_back(row.iteration, row.c_k[p] > 0 ? row.a_k[p] / row.c_k[p] : 0.0);
        }
        chart.series.push_back(std::move(c));
        chart.series.push_back(std::move(step));
        html += chart.figure("spsa-steps-" + std::to_string(p)).html();
    }
    return Section{"spsa-steps", "Step sizes", html};
}

Section spsa_games_section(const SpsaFolderData& f) {
    LineChart chart{.title = "Games won minus lost by theta+, summed over the iterations",
                    .x_label = "iteration",
                    .y_label = "W - L"};
    LineSeries sum{.name = "sum of W - L"};
    LineSeries draws{.name = "draws, share of the games so far"};
    long long total = 0;
    long long games = 0;
    long long drawn_games = 0;
    const std::vector<std::size_t> drawn = drawn_rows(f.rows.size());
    std::size_t next = 0;
    for (std::size_t i = 0; i < f.rows.size(); ++i) {
        total += f.rows[i].wins - f.rows[i].losses;
        games += f.rows[i].wins + f.rows[i].draws + f.rows[i].losses;
        drawn_games += f.rows[i].draws;
        if (next < drawn.size() && drawn[next] == i) {
            sum.points.emplace_back(f.rows[i].iteration, double(total));
            draws.points.emplace_back(f.rows[i].iteration,
                                      games > 0 ? double(drawn_games) / double(games) : 0.0);
            ++next;
        }
    }
    chart.series.push_back(std::move(sum));
    LineChart draw_chart{
        .title = "Share of draws", .x_label = "iteration", .y_label = "draws / games"};
    draw_chart.series.push_back(std::move(draws));
    return Section{"spsa-games", "Games",
                   chart.figure("spsa-games").html() + draw_chart.figure("spsa-draws").html()};
}

}  // namespace

bool is_spsa_folder(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / spsa::kCsvFile, ec);
}

Expected<SpsaFolderData> read_spsa_folder(const fs::path& dir) {
    SpsaFolderData f;
    f.dir = dir;
    const auto summary_text = read_whole_file(dir / "summary.json");
    if (!summary_text) return summary_text.error();
    auto summary = parse_json(*summary_text, (dir / "summary.json").string());
    if (!summary) return summary.error();
    f.summary = std::move(summary).value();
    const fs::path csv = dir / spsa::kCsvFile;
    const auto csv_text = read_whole_file(csv);
    if (!csv_text) return csv_text.error();
    auto rows = spsa::parse_csv(*csv_text, csv.string(), &f.names);
    if (!rows) return rows.error();
    f.rows = std::move(rows).value();
    return f;
}

std::vector<Section> spsa_sections(const SpsaFolderData& folder) {
    return {run_section(folder), trajectories_section(folder), steps_section(folder),
            spsa_games_section(folder)};
}

}  // namespace draughts::report
