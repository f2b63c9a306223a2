// `draughts pdn FILE...`: load and replay every game, summarise, report invalid games.

#include <fmt/format.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "common/json.hpp"
#include "rules/fen.hpp"
#include "rules/pdn.hpp"
#include "rules/variant.hpp"

namespace draughts::app {

namespace {

struct PdnOptions {
    std::vector<std::string> files;
    std::string variant = "international";
    bool fen = false;
    bool json = false;
};

template <typename V>
int run_pdn(const PdnOptions& options) {
    std::size_t games = 0;
    std::size_t plies = 0;
    std::map<std::string, std::size_t> results{{"2-0", 0}, {"0-2", 0}, {"1-1", 0}, {"*", 0}};
    std::vector<std::string> errors;
    std::vector<std::string> warnings;
    Json finals = Json::array();
    for (const std::string& file : options.files) {
        auto read = rules::read_pdn_file<V>(file);
        if (!read) {
            errors.push_back(read.error().message);
            continue;
        }
        for (const rules::BasicPdnGame<V>& game : read->games) {
            ++games;
            plies += game.moves.size();
            ++results[game.result];
            if (!options.fen) continue;
            const std::string fen = rules::to_fen(game.final_position());
            if (options.json) {
                finals.push_back(
                    Json{{"file", game.source}, {"line", game.first_line}, {"fen", fen}});
            } else {
                fmt::print("{}:{} {}\n", game.source, game.first_line, fen);
            }
        }
        for (const Error& e : read->errors) errors.push_back(e.message);
        for (const Error& w : read->warnings) warnings.push_back(w.message);
        // Almost always the wrong file (or an empty export): say so rather than report success.
        if (read->games.empty() && read->errors.empty())
            errors.push_back(file + ": no games found");
    }
    if (options.json) {
        Json out = {{"files", options.files.size()},
                    {"games", games},
                    {"invalid_games", errors.size()},
                    {"plies", plies},
                    {"results", results},
                    {"errors", errors},
                    {"warnings", warnings}};
        if (options.fen) out["final_positions"] = std::move(finals);
        fmt::print("{}\n", dump_json(out));
    } else {
        for (const auto& w : warnings) fmt::print(stderr, "warning: {}\n", w);
        for (const auto& e : errors) fmt::print(stderr, "error: {}\n", e);
        fmt::print("{} files, {} games, {} plies, results 2-0: {}  0-2: {}  1-1: {}  *: {}",
                   options.files.size(), games, plies, results["2-0"], results["0-2"],
                   results["1-1"], results["*"]);
        fmt::print(", {} invalid", errors.size());
        if (!warnings.empty()) fmt::print(", {} warnings", warnings.size());
        fmt::print("\n");
    }
    // An unreadable file or game is an input error; warnings alone do not fail the command.
    return errors.empty() ? 0 : 2;
}

int run_pdn_command(const PdnOptions& options) {
    const auto variant = rules::parse_variant(options.variant);
    if (!variant) {
        fmt::print(stderr, "draughts pdn: --variant: unknown variant '{}' ({})\n", options.variant,
                   rules::variant_names());
        return 2;
    }
    return rules::dispatch_variant(*variant, [&]<typename V>(V) { return run_pdn<V>(options); });
}

}  // namespace

void add_pdn_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<PdnOptions>();
    CLI::App* cmd =
        app.add_subcommand("pdn", "Load and replay PDN game files; report invalid games");
    cmd->add_option("files", options->files, "PDN files")->required();
    cmd->add_option("--variant", options->variant,
                    "Rules the games are replayed by: international (default) or another variant "
                    "(" +
                        rules::variant_names() + ")");
    cmd->add_flag("--fen", options->fen, "Print the final position of each game");
    cmd->add_flag("--json", options->json, "Print one JSON object instead of text");
    cmd->callback([options, &exit_code] { exit_code = run_pdn_command(*options); });
}

}  // namespace draughts::app
