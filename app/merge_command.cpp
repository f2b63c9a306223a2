// `draughts merge DIR...`: adds up the results folders of several machines or shards of one
// match (counts are added; Elo, errors and the LLR are computed again from the sums) and prints
// the combined report; with --output also writes the merged games as a new results folder.

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/build_info.hpp"
#include "app/commands.hpp"
#include "common/calendar.hpp"
#include "harness/tournament/match_report.hpp"
#include "harness/tournament/merge.hpp"
#include "harness/tournament/provenance.hpp"
#include "harness/tournament/schedule.hpp"
#include "report/report_builder.hpp"

namespace draughts::app {

namespace {

struct MergeOptions {
    std::vector<std::string> dirs;
    std::string output;
    bool force = false;
    bool json = false;
};

int run_merge(const MergeOptions& options, const std::vector<std::string>& command_line) {
    std::vector<std::filesystem::path> dirs(options.dirs.begin(), options.dirs.end());
    const auto merged = harness::merge_results(dirs, options.force);
    if (!merged) return command_failed("merge", merged.error().message);
    const harness::MatchConfig& config = merged->folders.front().config;
    const auto sprt = harness::make_sprt(config.sprt);
    if (!sprt) return command_failed("merge", sprt.error().message);
    const harness::Sprt* test = *sprt ? &**sprt : nullptr;
    harness::MatchReport report = harness::make_report(merged->standings, test);
    report.time_control = harness::time_controls_text(config);
    std::int64_t planned = 0;
    Json folders = Json::array();
    for (const auto& f : merged->folders) {
        planned += static_cast<std::int64_t>(harness::Schedule(f.config).game_count());
        const std::string run_id = f.run_id();
        folders.push_back(Json{{"dir", f.dir.string()},
                               {"run_id", run_id.empty() ? Json() : Json(run_id)},
                               {"games", 2 * f.run.pairs.size()},
                               {"dropped_lines", f.run.dropped_lines}});
    }
    Json summary = harness::summary_json(config, planned, merged->standings, report, "merged");
    summary["folders"] = std::move(folders);
    summary["warnings"] = merged->warnings;
    if (!options.output.empty()) {
        const BuildInfo build = build_info();
        const harness::Provenance provenance = harness::merged_provenance(
            *merged, harness::this_session("merged", build.version, build.commit, command_line));
        summary["provenance"] = harness::summary_provenance(provenance, utc_timestamp());
        if (auto ok = harness::write_merged(*merged, options.output, summary, provenance); !ok)
            return command_failed("merge", ok.error().message);
        const std::filesystem::path page =
            std::filesystem::path(options.output) / report::kReportFile;
        // A failed final write is a failure (docs/exit-statuses.md).
        if (auto ok = report::write_report({options.output}, page); !ok)
            return command_failed("merge", "no report: " + ok.error().message);
    }
    for (const auto& w : merged->warnings) fmt::print(stderr, "draughts merge: note: {}\n", w);
    if (options.json) {
        fmt::print("{}\n", dump_json(summary));
        return 0;
    }
    fmt::print("Merged {} folders, {} games:\n", merged->folders.size(), merged->standings.games());
    for (const auto& f : merged->folders)
        fmt::print("  {}: {} games\n", f.dir.string(), 2 * f.run.pairs.size());
    fmt::print("\n{}", harness::format_report(report));
    return 0;
}

}  // namespace

void add_merge_command(CLI::App& app, int& exit_code,
                       const std::vector<std::string>& command_line) {
    auto o = std::make_shared<MergeOptions>();
    CLI::App* cmd = app.add_subcommand(
        "merge", "Add up the results folders of several machines or shards and report");
    cmd->add_option("dirs", o->dirs, "Results folders of `draughts match`")->required();
    cmd->add_option("--output", o->output, "Also write the merged games to this new folder");
    cmd->add_flag("--force", o->force,
                  "Merge even when engine settings, time control or adjudication differ");
    cmd->add_flag("--json", o->json, "Print one JSON object instead of text");
    cmd->callback([o, &exit_code, &command_line] { exit_code = run_merge(*o, command_line); });
}

}  // namespace draughts::app
