// `draughts spsa CONFIG.yaml [--set key=value]...` and `draughts spsa --resume DIR`: tunes an
// engine's parameters by games with SPSA (spsa/, docs/spsa.md), in a results folder that a
// resume continues exactly; under mpirun the other ranks play leased iterations.

#include <fmt/format.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/build_info.hpp"
#include "app/command_overrides.hpp"
#include "app/commands.hpp"
#include "app/spsa_run.hpp"
#include "cluster/distributed_match.hpp"
#include "cluster/match_run.hpp"
#include "config/config_override.hpp"
#include "harness/tournament/match_check.hpp"
#include "harness/tournament/run_inputs.hpp"
#include "spsa/engine_check.hpp"
#include "spsa/spsa_folder.hpp"

namespace draughts::app {

namespace {

namespace fs = std::filesystem;

struct SpsaOptions {
    std::string config;
    std::vector<std::string> sets;
    std::string concurrency, iterations, output, seed;
    std::string resume;
    bool check = false;
    bool force = false;
    SpsaOutput output_mode;
    std::vector<std::string> command_line;
    cluster::Cluster* cluster = nullptr;
};

Expected<std::vector<harness::ConfigAssignment>> overrides_of(const SpsaOptions& o) {
    return command_overrides(o.sets, {{o.concurrency, "--concurrency", "concurrency"},
                                      {o.iterations, "--iterations", "iterations"},
                                      {o.output, "--output", "output"},
                                      {o.seed, "--seed", "seed"}});
}

int start_new(const SpsaOptions& o, const std::vector<harness::ConfigAssignment>& overrides) {
    if (o.config.empty())
        return command_failed("spsa", "give a configuration file, or --resume DIR");
    if (o.force) return command_failed("spsa", "--force applies to --resume only");
    auto config = spsa::load_spsa_config(o.config, overrides);
    if (!config) return command_failed("spsa", "invalid configuration:\n" + config.error().message);
    if (config->output.empty()) config->output = default_output_folder(config->event).string();
    if (auto ok = spsa::check_engine_parameters(*config); !ok)
        return command_failed("spsa", ok.error().message);
    const harness::MatchConfig games = spsa::pair_match(*config);
    if (auto openings = harness::check_match(games); !openings)
        return command_failed("spsa", openings.error().message);
    auto inputs = harness::hash_inputs(games);
    if (!inputs) return command_failed("spsa", inputs.error().message);
    if (o.check) {
        fmt::print("{}# {} iterations of {} pair(s): {} games\n", spsa::to_yaml(*config),
                   config->iterations, config->pairs, 2LL * config->iterations * config->pairs);
        for (const auto& input : *inputs)
            fmt::print("# {}: {} (SHA-256 {})\n", input.what, input.path, input.sha256);
        return kExitOk;
    }
    const BuildInfo build = build_info();
    harness::Provenance provenance{
        harness::new_run_id(),
        std::move(inputs).value(),
        {harness::this_session("created", build.version, build.commit, o.command_line)},
        {},
        std::nullopt};
    auto folder = spsa::create_spsa_folder(*config, std::move(provenance));
    if (!folder) return command_failed("spsa", folder.error().message);
    return run_spsa(*folder, o.output_mode, o.cluster);
}

int resume(const SpsaOptions& o, const std::vector<harness::ConfigAssignment>& overrides) {
    if (!o.config.empty())
        return command_failed("spsa",
                              "--resume continues with the folder's stored configuration; give no "
                              "configuration file");
    const BuildInfo build = build_info();
    spsa::ResumeOptions options{
        overrides, o.force,
        harness::this_session("resumed", build.version, build.commit, o.command_line)};
    auto folder = spsa::open_spsa_folder(fs::absolute(o.resume), options);
    if (!folder) return command_failed("spsa", folder.error().message);
    for (const std::string& note : folder->notes) fmt::print(stderr, "draughts spsa: {}\n", note);
    if (o.check) {
        fmt::print("{}# {} of {} iterations applied\n", spsa::to_yaml(folder->config),
                   folder->state.applied, folder->config.iterations);
        return kExitOk;
    }
    return run_spsa(*folder, o.output_mode, o.cluster);
}

}  // namespace

void add_spsa_command(CLI::App& app, int& exit_code, const std::vector<std::string>& command_line,
                      cluster::Cluster* cluster) {
    auto o = std::make_shared<SpsaOptions>();
    o->cluster = cluster;
    CLI::App* cmd = app.add_subcommand(
        "spsa", "Tune engine parameters by games with SPSA (docs/spsa.md, configs/spsa/)");
    cmd->add_option("config", o->config, "SPSA configuration (YAML)");
    cmd->add_option("--set", o->sets, "Override a key: --set iterations=500 (repeatable)")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    cmd->add_option("--concurrency", o->concurrency, "Games played at the same time");
    cmd->add_option("--iterations", o->iterations, "Iterations");
    cmd->add_option("--seed", o->seed, "Seed of the perturbations and of the opening order");
    cmd->add_option("--output", o->output, "Results folder (default results/EVENT-TIMESTAMP)");
    cmd->add_option("--resume", o->resume, "Continue the run in this folder");
    cmd->add_flag("--force", o->force,
                  "With --resume: continue although the engine program, a weight file or the "
                  "opening book changed");
    cmd->add_flag("--check", o->check,
                  "Validate (also the engine's parameters) and print the resolved configuration");
    cmd->add_flag("--json", o->output_mode.json,
                  "JSON lines on stdout: each iteration, then a summary");
    cmd->add_flag("--quiet", o->output_mode.quiet, "No progress lines");
    cmd->callback([o, &exit_code, &command_line] {
        if (o->cluster != nullptr && !o->cluster->is_root()) {
            exit_code = cluster::serve_match(*o->cluster);  // rank 0 runs the command
            return;
        }
        o->command_line = command_line;
        const auto overrides = overrides_of(*o);
        if (!overrides) {
            exit_code = command_failed("spsa", overrides.error().message);
        } else {
            exit_code = o->resume.empty() ? start_new(*o, *overrides) : resume(*o, *overrides);
        }
        if (o->cluster != nullptr) o->cluster->release();
    });
}

}  // namespace draughts::app
