// `draughts perft [--variant V] FEN DEPTH`: move-generation counts per depth, timed, optionally in
// parallel, for international (default), Brazilian or Russian draughts.

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "common/json.hpp"
#include "common/time_source.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/parallel_perft.hpp"
#include "rules/perft.hpp"
#include "rules/variant.hpp"

namespace draughts::app {

namespace {

using rules::Duplicates;

struct PerftOptions {
    std::string variant = "international";
    std::string fen;
    int depth = 0;
    int threads = 1;
    bool keep_duplicates = false;
    bool divide = false;
    bool json = false;
};

/// The perft run on a position of variant V (the policy tag chosen by dispatch_variant).
template <typename V>
int run_perft(const PerftOptions& options, V) {
    const auto root = rules::parse_fen_for_variant<V>(options.fen);
    if (!root) return command_failed("perft", root.error().message);
    if (V::kOrthogonalCaptures && options.keep_duplicates)
        return command_failed("perft", rules::routes_not_counted(V::kName));
    const Duplicates duplicates = options.keep_duplicates ? Duplicates::Keep : Duplicates::Drop;
    Json rows = Json::array();
    if (!options.json)
        fmt::print("perft {}{}  threads {}  duplicates {}\n",
                   V::kName == rules::International::kName ? "" : std::string(V::kName) + " ",
                   rules::to_fen(*root), options.threads,
                   options.keep_duplicates ? "kept" : "dropped");
    for (int d = 1; d <= options.depth; ++d) {
        const auto start = std::chrono::steady_clock::now();
        const std::uint64_t nodes = rules::parallel_perft(*root, d, options.threads, duplicates);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double nps = seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;
        if (options.json) {
            rows.push_back(Json{
                {"depth", d}, {"nodes", nodes}, {"seconds", seconds}, {"nodes_per_second", nps}});
        } else {
            fmt::print("depth {:2}  {:15}  {:>9.3f} s  {:>8.2f} Mnodes/s\n", d, nodes, seconds,
                       nps / 1e6);
            std::fflush(stdout);
        }
    }
    Json divide = Json::array();
    if (options.divide && options.depth >= 1) {
        for (const auto& entry : rules::perft_divide(*root, options.depth, duplicates)) {
            const std::string move = rules::to_pdn_notation(*root, entry.move);
            if (options.json) {
                divide.push_back(Json{{"move", move}, {"nodes", entry.nodes}});
            } else {
                fmt::print("{:<12} {}\n", move, entry.nodes);
            }
        }
    }
    if (options.json) {
        Json out = {{"variant", std::string(V::kName)},
                    {"fen", rules::to_fen(*root)},
                    {"threads", options.threads},
                    {"duplicates", options.keep_duplicates ? "kept" : "dropped"},
                    {"depths", std::move(rows)}};
        if (options.divide) out["divide"] = std::move(divide);
        fmt::print("{}\n", dump_json(out));
    }
    return 0;
}

int run_perft(const PerftOptions& options) {
    const auto variant = rules::variant_from_name(options.variant);
    if (!variant) return command_failed("perft", variant.error().message);
    return rules::dispatch_variant(*variant,
                                   [&](auto policy) { return run_perft(options, policy); });
}

}  // namespace

void add_perft_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<PerftOptions>();
    CLI::App* cmd = app.add_subcommand("perft", "Count move-generation leaves per depth");
    cmd->add_option(
        "--variant", options->variant,
        "Rules: international (default) or another variant (" + rules::variant_names() + ")");
    cmd->add_option("fen", options->fen, "Position in FEN, e.g. W:W31-50:B1-20 (W:W21-32:B1-12)")
        ->required();
    cmd->add_option("depth", options->depth, "Deepest depth to count")
        ->required()
        ->check(CLI::Range(0, 40));
    cmd->add_option("-t,--threads", options->threads, "Worker threads (TBB)")
        ->check(CLI::Range(1, 1024));
    cmd->add_flag("--keep-duplicates", options->keep_duplicates,
                  "Count every capture route (default: FMJD move identity)");
    cmd->add_flag("--divide", options->divide, "Also print each root move's count at DEPTH");
    cmd->add_flag("--json", options->json, "Print one JSON object instead of text");
    cmd->callback([options, &exit_code] { exit_code = run_perft(*options); });
}

}  // namespace draughts::app
