// `draughts datagen CONFIG.yaml [overrides]` and `draughts datagen --resume DIR`: self-play games
// through the tournament runner, then a tuning data set sampled from them (see tuner/datagen.hpp
// and docs/tuning.md).

#include <fmt/format.h>

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/command_overrides.hpp"
#include "app/commands.hpp"
#include "cluster/distributed_match.hpp"
#include "cluster/match_run.hpp"
#include "common/calendar.hpp"
#include "common/file_io.hpp"
#include "common/json.hpp"
#include "records/results_folder.hpp"
#include "tuner/datagen.hpp"

namespace draughts::app {

namespace {

namespace fs = std::filesystem;

struct DatagenOptions {
    cluster::Cluster* cluster = nullptr;  ///< under mpirun or srun
    std::string config;
    std::vector<std::string> sets;
    std::string games, nodes, concurrency, output;
    std::string resume;
    cluster::MatchOutput output_mode;
};

Expected<std::vector<harness::ConfigAssignment>> overrides_of(const DatagenOptions& o) {
    return command_overrides(o.sets, {{o.games, "--games", "games"},
                                      {o.nodes, "--nodes", "nodes"},
                                      {o.concurrency, "--concurrency", "concurrency"},
                                      {o.output, "--output", "output"}});
}

fs::path default_output() { return fs::current_path() / "results" / ("datagen-" + folder_stamp()); }

/// Samples the finished games into the data set and reports.
int finish(const tuner::DatagenConfig& config, const tuner::DatagenPaths& paths, bool json) {
    const auto report = tuner::write_positions(config, paths);
    if (!report) return command_failed("datagen", report.error().message);
    if (json) {
        fmt::print("{}\n", dump_json(Json{{"type", "datagen"},
                                          {"folder", paths.folder.string()},
                                          {"positions_file", paths.positions.string()},
                                          {"games", report->games},
                                          {"repeated_pairs", report->repeated_pairs},
                                          {"positions", report->samples},
                                          {"white_wins", report->results[2]},
                                          {"draws", report->results[1]},
                                          {"black_wins", report->results[0]}}));
    } else {
        fmt::print(
            "Data set: {} positions from {} games (labels: {} White wins, {} draws, {} Black wins) "
            "in {}\n",
            report->samples, report->games, report->results[2], report->results[1],
            report->results[0], paths.positions.string());
        if (report->repeated_pairs > 0)
            fmt::print(stderr,
                       "draughts datagen: warning: {} pairs replayed the games of an earlier pair "
                       "and were not sampled\n",
                       report->repeated_pairs);
    }
    return kExitOk;
}

int play_and_sample(const tuner::DatagenConfig& config, const tuner::DatagenPaths& paths,
                    const harness::MatchConfig& match, harness::ResultsFolder& folder,
                    const harness::StoredRun& stored, const cluster::MatchOutput& output,
                    cluster::Cluster* ranks) {
    const int status = cluster::run_match(match, folder, stored, output, nullptr, {}, ranks).status;
    if (status != kExitOk) {
        fmt::print(stderr, "draughts datagen: continue with: draughts datagen --resume {}\n",
                   paths.folder.string());
        return status;
    }
    return finish(config, paths, output.json);
}

int start_new(const DatagenOptions& o, const std::vector<harness::ConfigAssignment>& overrides) {
    if (o.config.empty())
        return command_failed("datagen", "give a configuration file (or --resume DIR)");
    auto config = tuner::load_datagen_config(o.config, overrides);
    if (!config)
        return command_failed("datagen", "invalid configuration:\n" + config.error().message);
    if (config->output.empty()) config->output = default_output().string();
    const tuner::DatagenPaths paths = tuner::datagen_paths(*config);
    if (fs::exists(paths.config))
        return command_failed(
            "datagen", paths.folder.string() + " holds a datagen run: continue it with --resume");
    std::error_code ec;
    fs::create_directories(paths.folder, ec);
    if (ec)
        return command_failed("datagen",
                              paths.folder.string() + ": cannot create: " + ec.message());
    if (auto ok = write_file_atomically(paths.config, tuner::to_yaml(*config)); !ok)
        return command_failed("datagen", ok.error().message);
    const auto openings =
        tuner::write_openings(*config, paths.openings, static_cast<std::size_t>(config->games / 2));
    if (!openings) return command_failed("datagen", openings.error().message);
    // A pair without an opening of its own would take an earlier pair's and replay its games move
    // for move (the engines are deterministic): samples counted twice, and a waste of the time.
    const auto pairs = static_cast<std::size_t>(config->games / 2);
    if (*openings < pairs) {
        // Nothing was played: leave the folder as it was, so that the same command can run again.
        fs::remove(paths.openings, ec);
        fs::remove(paths.config, ec);
        return command_failed(
            "datagen",
            fmt::format(
                "only {} distinct balanced openings could be drawn for {} pairs (the other pairs "
                "would replay earlier games): ask for at most {} games, add random plies "
                "(openings.random_plies) or give a bigger book",
                *openings, pairs, 2 * *openings));
    }
    const harness::MatchConfig match = tuner::datagen_match(*config, paths);
    auto folder = harness::ResultsFolder::create(paths.match, harness::to_yaml(match));
    if (!folder) return command_failed("datagen", folder.error().message);
    return play_and_sample(*config, paths, match, *folder, {}, o.output_mode, o.cluster);
}

int resume(const DatagenOptions& o, const std::vector<harness::ConfigAssignment>& overrides) {
    if (!o.config.empty())
        return command_failed(
            "datagen", "--resume continues with the folder's stored configuration; give no file");
    std::vector<harness::ConfigAssignment> match_overrides;
    for (const auto& a : overrides) {
        if (a.path == "concurrency") match_overrides.push_back(a);
        if (a.path != "concurrency" && a.path != "positions" && !a.path.starts_with("sampling"))
            return command_failed(
                "datagen",
                "--resume continues the stored games; only concurrency, positions and "
                "sampling.* may change (got " +
                    a.text + ")");
    }
    const fs::path dir = fs::absolute(o.resume);
    auto config = tuner::load_datagen_config(dir / "datagen.yaml", overrides);
    if (!config)
        return command_failed("datagen",
                              "invalid stored configuration:\n" + config.error().message);
    config->output = dir.string();
    const tuner::DatagenPaths paths = tuner::datagen_paths(*config);
    auto match = harness::load_match_config(paths.match / harness::kConfigFile, match_overrides);
    if (!match)
        return command_failed("datagen",
                              "invalid stored match configuration:\n" + match.error().message);
    match->output = paths.match.string();
    harness::StoredRun stored;
    auto folder = harness::ResultsFolder::open(paths.match, stored);
    if (!folder) return command_failed("datagen", folder.error().message);
    return play_and_sample(*config, paths, *match, *folder, stored, o.output_mode, o.cluster);
}

int run_datagen(const DatagenOptions& o) {
    const auto overrides = overrides_of(o);
    if (!overrides) return command_failed("datagen", overrides.error().message);
    return o.resume.empty() ? start_new(o, *overrides) : resume(o, *overrides);
}

}  // namespace

void add_datagen_command(CLI::App& app, int& exit_code, cluster::Cluster* cluster) {
    auto o = std::make_shared<DatagenOptions>();
    o->cluster = cluster;
    CLI::App* cmd = app.add_subcommand(
        "datagen", "Self-play games through the tournament runner, sampled into a tuning data set");
    cmd->add_option("config", o->config, "Data-generation configuration (YAML)");
    cmd->add_option("--set", o->sets, "Override a key: --set sampling.max_per_game=8 (repeatable)")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    cmd->add_option("--games", o->games, "Games to play (even)");
    cmd->add_option("--nodes", o->nodes, "Nodes per move");
    cmd->add_option("--concurrency", o->concurrency, "Games played at the same time");
    cmd->add_option("--output", o->output, "Run folder (default results/datagen-TIMESTAMP)");
    cmd->add_option("--resume", o->resume,
                    "Continue the run in this folder (then sample it again)");
    cmd->add_flag("--json", o->output_mode.json,
                  "JSON lines on stdout: each game, the match summary, then the data set");
    cmd->add_flag("--quiet", o->output_mode.quiet, "No progress lines");
    cmd->callback([o, &exit_code] {
        if (o->cluster != nullptr && !o->cluster->is_root()) {
            exit_code = cluster::serve_match(*o->cluster);  // plays its part of the games
            return;
        }
        exit_code = run_datagen(*o);
        if (o->cluster != nullptr) o->cluster->release();
    });
}

}  // namespace draughts::app
