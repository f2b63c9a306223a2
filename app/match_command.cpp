// `draughts match CONFIG.yaml [overrides]`, `draughts match --engine ... --engine ...` (no file)
// and `draughts match --resume DIR`: plays a tournament of engine games in parallel, records it
// in a results folder, and reports; see docs/matches.md.

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/build_info.hpp"
#include "app/command_overrides.hpp"
#include "app/commands.hpp"
#include "app/match_resume.hpp"
#include "cluster/distributed_match.hpp"
#include "cluster/match_run.hpp"
#include "common/calendar.hpp"
#include "harness/config/engine_options.hpp"
#include "harness/config/match_config.hpp"
#include "harness/tournament/match_check.hpp"
#include "harness/tournament/provenance.hpp"
#include "harness/tournament/run_inputs.hpp"
#include "harness/tournament/schedule.hpp"
#include "records/results_folder.hpp"

namespace draughts::app {

namespace {

namespace fs = std::filesystem;

struct MatchOptions {
    std::string config;
    std::vector<std::string> sets;
    std::vector<std::vector<std::string>> engines;  ///< one KEY=VALUE list per --engine
    std::vector<std::vector<std::string>> each;     ///< one KEY=VALUE list per --each
    std::string sprt;
    // Shortcuts, kept as text: the configuration's validator types them.
    std::string games, rounds, concurrency, openings, tc, nodes, seed, output;
    std::string resume;
    std::string shard;      ///< --shard I/N
    std::string stop_file;  ///< --stop-file PATH
    bool check = false;
    bool strict = false;
    bool force = false;  ///< --resume: continue although input files changed
    cluster::MatchOutput output_mode;
    cluster::Cluster* cluster = nullptr;  ///< under mpirun or srun
};

/// Engines listed in a configuration file (0 when it cannot be read: loading it reports why).
std::size_t configured_engines(const std::string& file) {
    if (file.empty()) return 0;
    try {
        const YAML::Node engines = YAML::LoadFile(file)["engines"];
        return engines.IsSequence() ? engines.size() : 0;
    } catch (const YAML::Exception&) {
        return 0;
    }
}

/// The overrides of the command line: the --engine settings (after the file's engines), --each,
/// --sprt, every --set in order, then the shortcuts.
Expected<std::vector<harness::ConfigAssignment>> overrides_of(const MatchOptions& o) {
    std::vector<harness::ConfigAssignment> out;
    const auto add = [&](Expected<std::vector<harness::ConfigAssignment>> more) -> Expected<void> {
        if (!more) return more.error();
        out.insert(out.end(), more->begin(), more->end());
        return {};
    };
    const std::size_t first = configured_engines(o.config);
    for (std::size_t k = 0; k < o.engines.size(); ++k)
        if (auto ok = add(harness::engine_assignments(o.engines[k], first + k)); !ok)
            return ok.error();
    for (const auto& tokens : o.each)
        if (auto ok = add(harness::each_engine_assignments(tokens)); !ok) return ok.error();
    if (!o.sprt.empty())
        if (auto ok = add(harness::sprt_assignments(o.sprt)); !ok) return ok.error();
    for (const std::string& set : o.sets) {
        auto assignment = harness::parse_assignment(set, "--set " + set);
        if (!assignment) return assignment.error();
        out.push_back(std::move(assignment).value());
    }
    if (!o.tc.empty() && !o.nodes.empty())
        return make_error("--tc and --nodes both set the time control; give one");
    const struct {
        const std::string& value;
        const char* option;
        const char* key;
        const char* prefix;
    } shortcuts[] = {
        {o.games, "--games", "tournament.games", ""},
        {o.rounds, "--rounds", "tournament.rounds", ""},
        {o.concurrency, "--concurrency", "concurrency", ""},
        {o.openings, "--openings", "openings.file", ""},
        {o.tc, "--tc", "time_control", ""},
        {o.nodes, "--nodes", "time_control", "nodes="},
        {o.seed, "--seed", "seed", ""},
        {o.output, "--output", "output", ""},
    };
    for (const auto& s : shortcuts) {
        if (s.value.empty()) continue;
        // Quoted so that a value such as "1+0.01" or a path stays text for YAML.
        out.push_back({s.key, harness::yaml_quoted(std::string(s.prefix) + s.value),
                       std::string(s.option) + " " + s.value});
    }
    if (o.strict) out.push_back({"strict", "true", "--strict"});
    return out;
}

/// --check: the resolved configuration, the number of games and the input files' hashes.
void print_check(const harness::MatchConfig& config, const harness::MatchOpenings& openings,
                 const std::vector<harness::InputFile>& inputs) {
    const harness::Schedule schedule(config);
    fmt::print("{}# {} games in {} pairs", harness::to_yaml(config), schedule.game_count(),
               schedule.pair_count());
    if (openings.book_size > 0) fmt::print(", {} openings in the book", openings.book_size);
    fmt::print("\n");
    for (const auto& input : inputs)
        fmt::print("# {}: {} (SHA-256 {})\n", input.what, input.path, input.sha256);
}

int start_new(const MatchOptions& options, const std::vector<harness::ConfigAssignment>& overrides,
              const std::vector<std::string>& command_line) {
    if (options.config.empty() && options.engines.empty())
        return command_failed("match",
                              "give a configuration file, engines (--engine ...), or --resume DIR");
    if (options.force) return command_failed("match", "--force applies to --resume only");
    harness::RunScope scope;
    scope.stop_file = options.stop_file;
    if (!options.shard.empty()) {
        auto shard = harness::parse_shard(options.shard);
        if (!shard) return command_failed("match", shard.error().message);
        scope.shard = *shard;
    }
    auto config = options.config.empty() ? harness::parse_match_config(
                                               "", "command line", fs::current_path(), overrides)
                                         : harness::load_match_config(options.config, overrides);
    if (!config)
        return command_failed("match", "invalid configuration:\n" + config.error().message);
    config->output =
        config->output.empty() ? default_output_folder(config->event).string() : config->output;
    // Everything that can be checked without starting engines, before anything is created.
    const auto checked = cluster::check_new_match(*config);
    if (!checked) return command_failed("match", checked.error().message);
    if (options.check) {
        print_check(*config, checked->openings, checked->inputs);
        return kExitOk;
    }
    const BuildInfo build = build_info();
    const auto ended =
        cluster::start_new_match(*config, *checked, {build.version, build.commit, command_line},
                                 options.output_mode, scope, options.cluster);
    if (!ended) return command_failed("match", ended.error().message);
    return ended->status;
}

int resume(const MatchOptions& options, const std::vector<harness::ConfigAssignment>& overrides,
           const std::vector<std::string>& command_line) {
    if (!options.config.empty())
        return command_failed("match",
                              "--resume continues with the folder's stored configuration; give no "
                              "configuration file");
    if (!options.shard.empty())
        return command_failed("match",
                              "--resume continues the stored run, and its shard; give no --shard");
    ResumeRequest request;
    request.dir = fs::absolute(options.resume);
    request.stop_file = options.stop_file;
    request.cluster = options.cluster;
    request.overrides = overrides;
    request.check = options.check;
    request.force = options.force;
    request.output = options.output_mode;
    request.command_line = command_line;
    return resume_match(request);
}

int run_command(const MatchOptions& options, const std::vector<std::string>& command_line) {
    const auto overrides = overrides_of(options);
    if (!overrides) return command_failed("match", overrides.error().message);
    return options.resume.empty() ? start_new(options, *overrides, command_line)
                                  : resume(options, *overrides, command_line);
}

}  // namespace

void add_match_command(CLI::App& app, int& exit_code, const std::vector<std::string>& command_line,
                       cluster::Cluster* cluster) {
    auto o = std::make_shared<MatchOptions>();
    o->cluster = cluster;
    CLI::App* cmd = app.add_subcommand(
        "match", "Play a tournament of engine games in parallel and report (see docs/matches.md)");
    cmd->add_option("config", o->config, "Match configuration (YAML)");
    cmd->add_option("--set", o->sets, "Override a key: --set tournament.games=100 (repeatable)")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    cmd->add_option_function<std::vector<std::string>>(
           "--engine",
           [o](const std::vector<std::string>& tokens) { o->engines.push_back(tokens); },
           "An engine: KEY=VALUE... (name, cmd, args, proto, option.NAME, tc, weights, ...; "
           "docs/matches.md)")
        ->expected(1, -1)
        ->trigger_on_parse();
    cmd->add_option_function<std::vector<std::string>>(
           "--each", [o](const std::vector<std::string>& tokens) { o->each.push_back(tokens); },
           "KEY=VALUE... for every engine, e.g. --each tc=10+0.1")
        ->expected(1, -1)
        ->trigger_on_parse();
    cmd->add_option("--sprt", o->sprt, "Run an SPRT: elo0=0,elo1=5[,alpha=,beta=,model=]");
    cmd->add_option("--games", o->games, "Games per encounter and round (even)");
    cmd->add_option("--rounds", o->rounds, "Rounds");
    cmd->add_option("--concurrency", o->concurrency, "Games played at the same time");
    cmd->add_option("--openings", o->openings, "Opening book file (FEN or PDN)");
    cmd->add_option("--tc", o->tc,
                    "Time control of each engine (unless its own tc is set), e.g. 10+0.1, 40/60, "
                    "movetime=1, nodes=5000");
    cmd->add_option("--nodes", o->nodes, "Fixed nodes per move (sets the time control)");
    cmd->add_option("--seed", o->seed, "Seed of the opening order");
    cmd->add_option("--output", o->output, "Results folder (default results/EVENT-TIMESTAMP)");
    cmd->add_option("--resume", o->resume,
                    "Continue the run in this results folder (with --games or --rounds: extend "
                    "it)");
    cmd->add_option("--shard", o->shard,
                    "Play only the pairs I, I+N, I+2N, ... of the schedule (I/N, e.g. 0/4); "
                    "`draughts merge` adds the shards up");
    cmd->add_option("--stop-file", o->stop_file,
                    "Start no new pair once this file exists (running pairs finish and count)");
    cmd->add_flag("--force", o->force,
                  "With --resume: continue although the opening book, a weight file or an engine "
                  "program changed");
    cmd->add_flag("--check", o->check,
                  "Validate and print the resolved configuration; play nothing");
    cmd->add_flag("--strict", o->strict,
                  "Fail the run (exit status 3) when any game was forfeited (key `strict`)");
    cmd->add_flag("--json", o->output_mode.json, "JSON lines on stdout: each game, then a summary");
    cmd->add_flag("--quiet", o->output_mode.quiet, "No progress lines");
    cmd->add_option("--progress-interval", o->output_mode.progress_interval,
                    "Seconds between progress lines when the output is not a terminal")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    cmd->add_option("--heartbeat", o->output_mode.heartbeat,
                    "Seconds without a finished game before the run says so (and again while "
                    "it lasts)")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    cmd->callback([o, &exit_code, &command_line] {
        if (o->cluster != nullptr && !o->cluster->is_root()) {
            exit_code = cluster::serve_match(*o->cluster);  // rank 0 runs the command
            return;
        }
        exit_code = run_command(*o, command_line);
        if (o->cluster != nullptr) o->cluster->release();  // when it never needed the others
    });
}

}  // namespace draughts::app
