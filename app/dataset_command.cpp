// `draughts dataset convert IN OUT`, `draughts dataset info FILE`, `draughts dataset from-games
// RESULTS_DIR` and `draughts dataset label IN OUT --engine ...`: the tuner's data sets in their
// text and binary forms (see tuner/dataset.hpp and docs/tuning.md), data sets made of any match's
// games (tuner/folder_sampler.hpp; docs/testing-your-engine.md), and their scores from any engine
// (tuner/dataset_label.hpp).

#include <fmt/format.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "common/json.hpp"
#include "common/time_source.hpp"
#include "engine/search_types.hpp"
#include "harness/config/engine_options.hpp"
#include "system/process/child_registry.hpp"
#include "tuner/dataset.hpp"
#include "tuner/dataset_label.hpp"
#include "tuner/dataset_resolver.hpp"
#include "tuner/folder_sampler.hpp"
#include "tuner/variant_engine.hpp"

namespace draughts::app {

namespace {

struct ConvertOptions {
    std::string input;
    std::string output;
    std::string to = "auto";
    bool coefficients = false;
    std::string weights;
    bool json = false;
};

struct InfoOptions {
    std::string file;
    bool json = false;
};

/// `dataset from-games`: the sampling of datagen (tuner/datagen_config.hpp), in men on the
/// command line.
struct FromGamesOptions {
    std::string dir;
    std::string output;  ///< empty: DIR/positions.txt
    int skip_plies = 10;
    int max_per_game = 10;
    double max_score = 3.0;  ///< men; 0: keep every score
    bool keep_captures = false;
    std::uint64_t seed = 1;
    bool json = false;
};

struct LabelOptions {
    std::string input;
    std::string output;
    std::vector<std::string> engine;  ///< KEY=VALUE tokens of --engine
    std::optional<std::uint64_t> nodes;
    std::optional<int> depth;
    std::optional<double> movetime;
    int concurrency = 1;
    bool json = false;
};

Expected<tuner::DatasetFormat> output_format(const ConvertOptions& o) {
    if (o.coefficients) {
        if (o.to == "text") return make_error("--coefficients needs the binary form");
        return tuner::DatasetFormat::Binary;
    }
    if (o.to == "auto") return tuner::format_for_path(o.output);
    if (o.to == "text") return tuner::DatasetFormat::Text;
    if (o.to == "binary") return tuner::DatasetFormat::Binary;
    return make_error("--to must be auto, text or binary, not '" + o.to + "'");
}

/// True when `output` names the file `input` (also through another path or a link): writing
/// it would destroy the data set before it is read in full.
bool same_file(const std::string& input, const std::string& output) {
    std::error_code ec;
    if (std::filesystem::equivalent(input, output, ec)) return true;
    return std::filesystem::weakly_canonical(input, ec) ==
           std::filesystem::weakly_canonical(output, ec);
}

/// Converts a data set of variant V (the input file's); the weights must be of V too.
template <typename V>
Expected<int> convert(const ConvertOptions& o, tuner::DatasetFormat format) {
    using Weights = tuner::WeightsOf<V>;
    auto dataset = tuner::load_dataset<V>(o.input);
    if (!dataset) return dataset.error();
    const std::size_t samples = dataset->samples.size();
    std::size_t dropped = 0;
    if (o.coefficients && !dataset->coefficients) {
        auto weights = o.weights.empty() ? Expected<Weights>(Weights::material_only())
                                         : tuner::load_weights_of<V>(o.weights);
        if (!weights) return weights.error();
        auto resolved = tuner::resolve_dataset<V>(dataset->samples, *weights);
        if (!resolved) return make_error(o.input + ": " + resolved.error().message);
        dropped = resolved->counts.game_over + resolved->counts.too_deep;
        *dataset = std::move(resolved->dataset);
        if (auto ok = tuner::check_consistency<V>(*dataset, *weights); !ok)
            return make_error(o.input + ": " + ok.error().message);
    }
    if (!o.coefficients && format == tuner::DatasetFormat::Binary) dataset->coefficients.reset();
    if (auto ok = tuner::save_dataset(*dataset, o.output, format); !ok) return ok.error();
    const bool binary = format == tuner::DatasetFormat::Binary;
    if (o.json) {
        fmt::print("{}\n",
                   dump_json(Json{{"input", o.input},
                                  {"output", o.output},
                                  {"format", binary ? "binary" : "text"},
                                  {"samples", samples},
                                  {"written", dataset->samples.size()},
                                  {"dropped", dropped},
                                  {"coefficients", dataset->coefficients.has_value() && binary}}));
    } else {
        fmt::print("{} -> {} ({}): {} samples written", o.input, o.output,
                   binary ? "binary" : "text", dataset->samples.size());
        if (o.coefficients) fmt::print(" with coefficients, {} decided positions dropped", dropped);
        fmt::print("\n");
    }
    return 0;
}

int run_convert(const ConvertOptions& o) {
    if (same_file(o.input, o.output))
        return command_failed(
            "dataset",
            o.output + " is the input file; write the converted data set to another file");
    const auto format = output_format(o);
    if (!format) return command_failed("dataset", format.error().message);
    const auto variant = tuner::read_dataset_variant(o.input);
    if (!variant) return command_failed("dataset", variant.error().message);
    const auto status = rules::dispatch_variant(
        *variant, [&](auto policy) { return convert<decltype(policy)>(o, *format); });
    return status ? *status : command_failed("dataset", status.error().message);
}

/// Prints the counts of a data set of variant V (the file's).
template <typename V>
Expected<int> info(const InfoOptions& o) {
    const auto dataset = tuner::load_dataset<V>(o.file);
    if (!dataset) return dataset.error();
    const rules::Variant variant = tuner::variant_of<V>();
    std::array<std::size_t, 3> results{};
    std::size_t with_ply = 0, with_score = 0;
    for (const tuner::BasicSample<V>& s : dataset->samples) {
        ++results[static_cast<std::size_t>(s.result)];
        if (s.ply) ++with_ply;
        if (s.score) ++with_score;
    }
    const std::size_t n = dataset->samples.size();
    const std::size_t entries =
        dataset->coefficients ? dataset->coefficients->store.entry_count() : 0;
    const double nonzeros = n > 0 ? static_cast<double>(entries) / static_cast<double>(n) : 0.0;
    if (o.json) {
        fmt::print("{}\n", dump_json(Json{{"file", o.file},
                                          {"variant", rules::variant_name(variant)},
                                          {"samples", n},
                                          {"white_wins", results[2]},
                                          {"draws", results[1]},
                                          {"black_wins", results[0]},
                                          {"with_ply", with_ply},
                                          {"with_score", with_score},
                                          {"coefficients", dataset->coefficients.has_value()},
                                          {"nonzeros_per_position", nonzeros}}));
        return 0;
    }
    fmt::print(
        "{}: {}{} samples (White wins {}, draws {}, Black wins {}), {} with ply, {} with score",
        o.file,
        variant == rules::Variant::International ? std::string()
                                                 : std::string(rules::variant_name(variant)) + ", ",
        n, results[2], results[1], results[0], with_ply, with_score);
    if (dataset->coefficients)
        fmt::print(", coefficients: {:.1f} non-zeros per position", nonzeros);
    fmt::print("\n");
    return 0;
}

int run_info(const InfoOptions& o) {
    const auto variant = tuner::read_dataset_variant(o.file);
    if (!variant) return command_failed("dataset", variant.error().message);
    const auto status =
        rules::dispatch_variant(*variant, [&](auto policy) { return info<decltype(policy)>(o); });
    return status ? *status : command_failed("dataset", status.error().message);
}

/// Samples the games of a results folder of variant V into `o.output`.
template <typename V>
Expected<int> from_games(const FromGamesOptions& o) {
    tuner::SamplingOptions sampling;
    sampling.skip_plies = o.skip_plies;
    sampling.max_per_game = o.max_per_game;
    sampling.skip_captures = !o.keep_captures;
    sampling.max_score = static_cast<int>(std::lround(o.max_score * engine::kScorePerMan));
    sampling.seed = o.seed;
    tuner::SamplingReport report;
    auto dataset = tuner::sample_results<V>(o.dir, sampling, report);
    if (!dataset) return dataset.error();
    if (dataset->samples.empty())
        return make_error(o.dir + ": no position of its " + std::to_string(report.games) +
                          " games passes the sampling (see --skip-plies, --max-score)");
    const tuner::DatasetFormat format = tuner::format_for_path(o.output);
    if (auto ok = tuner::save_dataset(*dataset, o.output, format); !ok) return ok.error();
    if (o.json) {
        fmt::print("{}\n", dump_json(Json{{"results_dir", o.dir},
                                          {"output", o.output},
                                          {"variant", std::string(V::kName)},
                                          {"games", report.games},
                                          {"unfinished", report.unfinished},
                                          {"repeated_pairs", report.repeated_pairs},
                                          {"samples", report.samples},
                                          {"white_wins", report.results[2]},
                                          {"draws", report.results[1]},
                                          {"black_wins", report.results[0]}}));
    } else {
        fmt::print("{}: {} games -> {}: {} samples (White wins {}, draws {}, Black wins {})", o.dir,
                   report.games, o.output, report.samples, report.results[2], report.results[1],
                   report.results[0]);
        if (report.repeated_pairs > 0)
            fmt::print(", {} repeated pairs left out", report.repeated_pairs);
        fmt::print("\n");
    }
    return 0;
}

int run_from_games(FromGamesOptions o) {
    if (o.output.empty()) o.output = (std::filesystem::path(o.dir) / "positions.txt").string();
    if (o.max_score < 0.0) return command_failed("dataset", "--max-score must not be negative");
    const auto variant = tuner::results_variant(o.dir);
    if (!variant) return command_failed("dataset", variant.error().message);
    const auto status = rules::dispatch_variant(
        *variant, [&](auto policy) { return from_games<decltype(policy)>(o); });
    return status ? *status : command_failed("dataset", status.error().message);
}

/// Labels a data set of variant V (the input file's) and writes it in the text form.
template <typename V>
Expected<int> label(const LabelOptions& o, const harness::EngineConfig& engine) {
    auto dataset = tuner::load_dataset<V>(o.input);
    if (!dataset) return dataset.error();
    dataset->coefficients.reset();
    harness::ChildRegistry registry;
    (void)registry.guard_orphans();
    tuner::LabelOptions options;
    options.engine = engine;
    options.limits.nodes = o.nodes;
    options.limits.depth = o.depth;
    options.limits.move_time = o.movetime;
    options.concurrency = o.concurrency;
    options.registry = &registry;
    if (!o.json)
        options.progress = [total = dataset->samples.size()](std::size_t done) {
            fmt::print(stderr, "labelled {} of {} samples\n", done, total);
        };
    const auto begin = std::chrono::steady_clock::now();
    auto report = tuner::label_dataset(*dataset, options);
    if (!report) return report.error();
    if (auto ok = tuner::save_dataset(*dataset, o.output, tuner::DatasetFormat::Text); !ok)
        return ok.error();
    const double seconds = seconds_since(begin);
    if (o.json) {
        fmt::print("{}\n", dump_json(Json{{"samples", report->samples},
                                          {"labelled", report->labelled},
                                          {"without_move", report->without_move},
                                          {"seconds", seconds},
                                          {"output", o.output}}));
    } else {
        fmt::print(
            "{} of {} samples scored by engine '{}' ({} without a legal move), {:.1f} s: "
            "{}\n",
            report->labelled, report->samples, engine.name, report->without_move, seconds,
            o.output);
    }
    return 0;
}

int run_label(const LabelOptions& o) {
    if (!o.nodes && !o.depth && !o.movetime)
        return command_failed("dataset",
                              "label: give the search's limit: --nodes, --depth or "
                              "--movetime");
    if (same_file(o.input, o.output))
        return command_failed("dataset", "label: the output would overwrite the input");
    auto engine = harness::parse_engine_tokens(o.engine, "--engine", "engine");
    if (!engine) return command_failed("dataset", "label: " + engine.error().message);
    const auto variant = tuner::read_dataset_variant(o.input);
    if (!variant) return command_failed("dataset", variant.error().message);
    const auto status = rules::dispatch_variant(
        *variant, [&](auto policy) { return label<decltype(policy)>(o, *engine); });
    return status ? *status : command_failed("dataset", "label: " + status.error().message);
}

}  // namespace

void add_dataset_command(CLI::App& app, int& exit_code) {
    CLI::App* cmd = app.add_subcommand("dataset", "Convert and inspect tuning data sets");
    cmd->require_subcommand(1);

    auto c = std::make_shared<ConvertOptions>();
    CLI::App* convert = cmd->add_subcommand(
        "convert",
        "Convert a data set between the text and binary forms (by OUTPUT's extension: "
        ".bin is binary)");
    convert->add_option("input", c->input, "Data set to read (either form)")->required();
    convert->add_option("output", c->output, "Data set to write")->required();
    convert->add_option("--to", c->to, "auto (by extension), text or binary")
        ->capture_default_str();
    convert->add_flag("--coefficients", c->coefficients,
                      "Resolve quiet leaves and store their coefficients (binary form), so that "
                      "tuning starts without searching");
    convert->add_option("--weights", c->weights,
                        "Weights for the quiet-leaf search and the consistency check (default: "
                        "material values)");
    convert->add_flag("--json", c->json, "Print one JSON object");
    convert->callback([c, &exit_code] { exit_code = run_convert(*c); });

    auto i = std::make_shared<InfoOptions>();
    CLI::App* info = cmd->add_subcommand("info", "Counts of a data set");
    info->add_option("file", i->file, "Data set (either form)")->required();
    info->add_flag("--json", i->json, "Print one JSON object");
    info->callback([i, &exit_code] { exit_code = run_info(*i); });

    auto g = std::make_shared<FromGamesOptions>();
    CLI::App* games = cmd->add_subcommand(
        "from-games",
        "Sample the games of a match results folder (any engines) into a data set for the "
        "tuner");
    games->add_option("results_dir", g->dir, "Results folder of a match (its games.jsonl)")
        ->required();
    games->add_option("-o,--output", g->output,
                      "Data set to write (.bin: binary form; default RESULTS_DIR/positions.txt)");
    games->add_option("--skip-plies", g->skip_plies, "Plies at the start of each game not sampled")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    games
        ->add_option("--max-per-game", g->max_per_game,
                     "Positions per game at most, chosen at random (0: every one)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    games
        ->add_option("--max-score", g->max_score,
                     "Skip positions whose reported score exceeds this many men (0: keep all)")
        ->capture_default_str();
    games->add_flag("--keep-captures", g->keep_captures,
                    "Keep positions where the side to move must capture");
    games->add_option("--seed", g->seed, "Seed of the random choice")->capture_default_str();
    games->add_flag("--json", g->json, "Print one JSON object");
    games->callback([g, &exit_code] { exit_code = run_from_games(*g); });

    auto l = std::make_shared<LabelOptions>();
    CLI::App* label = cmd->add_subcommand(
        "label",
        "Score every sample with an engine's search (any kind: --engine name=mine cmd=./engine "
        "proto=hub), White's view, and write the text form");
    label->add_option("input", l->input, "Data set to read (either form)")->required();
    label->add_option("output", l->output, "Data set to write (text form, with score=)")
        ->required();
    label
        ->add_option_function<std::vector<std::string>>(
            "--engine", [l](const std::vector<std::string>& tokens) { l->engine = tokens; },
            "The engine: KEY=VALUE... as for draughts match (cmd, args, proto, option.NAME, ...)")
        ->expected(1, -1)
        ->required();
    label->add_option("--nodes", l->nodes, "Nodes per search");
    label->add_option("--depth", l->depth, "Depth per search");
    label->add_option("--movetime", l->movetime, "Seconds per search");
    label->add_option("--concurrency", l->concurrency, "Engine instances searching at once")
        ->check(CLI::Range(1, 1024));
    label->add_flag("--json", l->json, "Print one JSON object");
    label->callback([l, &exit_code] { exit_code = run_label(*l); });
}

}  // namespace draughts::app
