// `draughts report RESULTS_DIR... [-o FILE]`: one self-contained HTML page (inline SVG, CSS and
// script) of a match folder, a tuning folder, or both (the closed loop).

#include <fmt/format.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "report/report_builder.hpp"

namespace draughts::app {

namespace {

struct ReportOptions {
    std::vector<std::string> dirs;
    std::string output;
};

int run_report(const ReportOptions& options) {
    std::vector<std::filesystem::path> dirs(options.dirs.begin(), options.dirs.end());
    // Default: report.html in the first folder, where `draughts match` and `tune` write theirs.
    const std::filesystem::path output = options.output.empty()
                                             ? dirs.front() / report::kReportFile
                                             : std::filesystem::path(options.output);
    if (auto written = report::write_report(dirs, output); !written) {
        fmt::print(stderr, "draughts report: {}\n", written.error().message);
        return 2;
    }
    fmt::print("{}\n", output.string());
    return 0;
}

}  // namespace

void add_report_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<ReportOptions>();
    CLI::App* cmd = app.add_subcommand(
        "report", "Writes an HTML report (charts, boards, game viewer) of results folders");
    cmd->add_option("RESULTS_DIR", options->dirs,
                    "A match results folder, a tuning folder, or one of each (the closed loop)")
        ->required();
    cmd->add_option("-o,--output", options->output,
                    "The HTML file to write (default: report.html in the first folder)");
    cmd->callback([options, &exit_code] { exit_code = run_report(*options); });
}

}  // namespace draughts::app
