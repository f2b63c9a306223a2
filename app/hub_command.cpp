// `draughts hub`: the built-in engine speaking the Hub protocol (version 2) on stdin/stdout, for
// GUIs, other harnesses and this harness's own Hub player.

#include <fmt/format.h>

#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "app/commands.hpp"
#include "common/file_io.hpp"
#include "egdb/database.hpp"
#include "engine/weights_file.hpp"
#include "protocol/hub/hub_session.hpp"
#include "rules/variant.hpp"

namespace draughts::app {

namespace {

struct HubOptions {
    std::string weights;
    std::size_t hash_mb = 16;
    std::string egdb;
    std::string variant = "international";
};

/// Checks the command line's weight file and database against the variant.
Expected<void> check_options(const HubOptions& options, rules::Variant variant) {
    if (!options.weights.empty()) {
        auto ok = rules::dispatch_variant(variant, [&](auto tag) -> Expected<void> {
            auto weights = engine::load_weights<decltype(tag)>(options.weights);
            if (!weights) return weights.error();
            return {};
        });
        if (!ok) return make_error("--weights: " + ok.error().message);
    }
    if (!options.egdb.empty() && variant != rules::Variant::International)
        return make_error("--egdb: the endgame databases hold international draughts only, not " +
                          std::string(rules::variant_name(variant)));
    return {};
}

int run_hub(const HubOptions& options) {
    const auto variant = rules::parse_hub_variant(options.variant);
    if (!variant) {
        fmt::print(stderr, "draughts hub: --variant: unknown variant '{}' ({})\n", options.variant,
                   rules::variant_names());
        return 2;
    }
    // A weight file that cannot be used is a mistake on the command line: say so now, with
    // status 2, rather than start an engine whose every `init` fails.
    if (auto ok = check_options(options, *variant); !ok) {
        fmt::print(stderr, "draughts hub: {}\n", ok.error().message);
        return 2;
    }
    if (!options.egdb.empty()) {
        if (auto db = egdb::Database::open(options.egdb); !db) {
            fmt::print(stderr, "draughts hub: --egdb: {}\n", db.error().message);
            return 2;
        }
    }
    // A harness that goes away must not kill us in the middle of a write: writes then fail and
    // the end of input ends the session.
    std::signal(SIGPIPE, SIG_IGN);
    protocol::HubSessionOptions session_options;
    session_options.name = "draughts";
    session_options.version = "0.1";
    session_options.hash_mb = options.hash_mb;
    session_options.egdb = options.egdb;  // opened again by init, like `set-param name=egdb`
    session_options.variant = *variant;
    session_options.read_weights = [](const std::string& path) -> Expected<std::string> {
        auto text = read_whole_file(path);
        if (!text) return make_error(path + ": cannot open weight file");
        return text;
    };
    protocol::HubSession session(std::move(session_options), [](const std::string& line) {
        std::fwrite(line.data(), 1, line.size(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    });
    // Weights given on the command line act like `set-param name=weights` before init.
    if (!options.weights.empty())
        session.handle_line("set-param name=weights value=\"" + options.weights + "\"");
    std::string line;
    while (std::getline(std::cin, line))
        if (!session.handle_line(line)) return 0;
    session.end_of_input();  // a running `go think` still completes and sends its `done`
    return 0;
}

}  // namespace

void add_hub_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<HubOptions>();
    CLI::App* cmd =
        app.add_subcommand("hub", "Run the engine with the Hub protocol on stdin/stdout");
    cmd->add_option("-w,--weights", options->weights,
                    "Evaluation weight file of the variant (default: its built-in weights, "
                    "`draughts bench` names them)");
    cmd->add_option("--hash", options->hash_mb, "Hash table size in MB")
        ->check(CLI::Range(1, 65536));
    cmd->add_option("--variant", options->variant,
                    "Rules variant played until the Hub parameter variant says otherwise (" +
                        rules::variant_names() + ", or Scan's names normal, bt, losing)");
    cmd->add_option("--egdb", options->egdb,
                    "Endgame database folder (draughts egdb build) probed in search; also the "
                    "Hub parameter egdb");
    cmd->callback([options, &exit_code] { exit_code = run_hub(*options); });
}

}  // namespace draughts::app
