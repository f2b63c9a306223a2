// `draughts bench`: the fixed search workload of engine/bench.hpp. Prints the total node count
// (the search's signature, compared with a stored value by a test) and the speed.

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "app/commands.hpp"
#include "common/json.hpp"
#include "config/config_override.hpp"
#include "engine/bench.hpp"
#include "engine/engine_parameters.hpp"
#include "engine/network.hpp"
#include "engine/weights_file.hpp"
#include "rules/move_notation.hpp"
#include "rules/variant.hpp"

namespace draughts::app {

namespace {

struct BenchOptions {
    int depth = engine::kDefaultBenchDepth;
    std::size_t hash_mb = 16;
    std::string weights;
    std::string network;
    std::vector<std::string> params;  ///< NAME=VALUE, engine/engine_parameters.hpp's names
    bool json = false;
    bool verbose = false;
    std::string variant = "international";
};

/// The bench of variant V (the policy tag chosen by dispatch_variant).
template <typename V>
int run_bench(const BenchOptions& options, V) {
    const auto weights = engine::load_weights_or<V>(options.weights, engine::builtin_weights<V>());
    if (!weights) {
        fmt::print(stderr, "draughts bench: {}\n", weights.error().message);
        return 2;
    }
    engine::BasicEngineSettings<V> settings{*weights, engine::SearchParameters{}};
    engine::ParameterValues values;
    for (const std::string& param : options.params) {
        auto assignment = harness::parse_assignment(param, fmt::format("--param {}", param));
        if (!assignment) {
            fmt::print(stderr, "draughts bench: {}\n", assignment.error().message);
            return 2;
        }
        values.emplace_back(std::move(assignment->path), std::move(assignment->value));
    }
    if (auto applied = engine::apply_parameters(settings, values); !applied) {
        fmt::print(stderr, "draughts bench: --param: {}\n", applied.error().message);
        return 2;
    }
    std::shared_ptr<const engine::Network> network;
    if (!options.network.empty()) {
        auto read = engine::read_network(options.network, rules::variant_of<V>());
        if (!read) {
            fmt::print(stderr, "draughts bench: {}\n", read.error().message);
            return 2;
        }
        network = std::make_shared<const engine::Network>(std::move(read).value());
    }
    const std::string weights_name = !options.network.empty() ? "network " + options.network
                                     : options.weights.empty()
                                         ? std::string(engine::builtin_weights_name<V>())
                                         : options.weights;
    const auto bench = engine::run_bench<V>(options.depth, options.hash_mb, settings.weights,
                                            network, settings.search);
    if (options.json) {
        Json positions = Json::array();
        for (const auto& e : bench.entries)
            positions.push_back(Json{{"fen", e.fen},
                                     {"move", rules::to_hub_notation(e.result.best_move)},
                                     {"score", e.result.score},
                                     {"nodes", e.result.nodes}});
        Json out = {{"depth", options.depth},   {"positions", std::move(positions)},
                    {"weights", weights_name},  {"nodes", bench.nodes},
                    {"seconds", bench.seconds}, {"nodes_per_second", bench.nodes_per_second()}};
        // International output stays as it always was; other variants say which they are.
        if constexpr (!std::is_same_v<V, rules::International>)
            out["variant"] = std::string(V::kName);
        fmt::print("{}\n", dump_json(out));
        return 0;
    }
    if (options.verbose) {
        for (const auto& e : bench.entries)
            fmt::print("{:<60} {:<10} {:8} {:12}\n", e.fen,
                       rules::to_hub_notation(e.result.best_move), e.result.score, e.result.nodes);
    }
    if constexpr (!std::is_same_v<V, rules::International>) fmt::print("variant {}\n", V::kName);
    fmt::print("positions {}  depth {}  weights {}\n", bench.entries.size(), options.depth,
               weights_name);
    fmt::print("nodes {}\n", bench.nodes);
    fmt::print("time {:.3f} s  nps {:.0f}\n", bench.seconds, bench.nodes_per_second());
    return 0;
}

int run_bench(const BenchOptions& options) {
    const auto variant = rules::parse_variant(options.variant);
    if (!variant) {
        fmt::print(stderr, "draughts bench: --variant: unknown variant '{}'\n", options.variant);
        return 2;
    }
    return rules::dispatch_variant(*variant,
                                   [&](auto policy) { return run_bench(options, policy); });
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<BenchOptions>();
    CLI::App* cmd =
        app.add_subcommand("bench", "Search a fixed set of positions; print the node signature");
    cmd->add_option("-d,--depth", options->depth, "Search depth per position")
        ->check(CLI::Range(1, 30));
    cmd->add_option("--hash", options->hash_mb, "Hash table size in MB")
        ->check(CLI::Range(1, 65536));
    cmd->add_option("-w,--weights", options->weights, "Evaluation weight file of the variant");
    cmd->add_option("--network", options->network,
                    "Evaluate with this network file instead (docs/network.md)");
    cmd->add_option("--variant", options->variant,
                    "Rules: international (default; its node count is the signature) or another "
                    "variant (" +
                        rules::variant_names() + "; their own positions)");
    cmd->add_option("-p,--param", options->params,
                    "Set an engine parameter, NAME=VALUE (repeatable): --param "
                    "search.probcut_depth=5 (docs/spsa.md names them)");
    cmd->add_flag("-v,--verbose", options->verbose, "Also print every position's result");
    cmd->add_flag("--json", options->json, "Print one JSON object instead of text");
    cmd->callback([options, &exit_code] { exit_code = run_bench(*options); });
}

}  // namespace draughts::app
