// `draughts hub`: the built-in engine speaking the Hub protocol (version 2) on stdin/stdout, for
// GUIs, other harnesses and this harness's own Hub player.

#include <fmt/format.h>

#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "app/commands.hpp"
#include "egdb/database.hpp"
#include "engine/weights_file.hpp"
#include "protocol/hub/hub_session.hpp"

namespace draughts::app {

namespace {

struct HubOptions {
    std::string weights;
    std::size_t hash_mb = 16;
    std::string egdb;
};

int run_hub(const HubOptions& options) {
    // A weight file that cannot be used is a mistake on the command line: say so now, with
    // status 2, rather than start an engine whose every `init` fails.
    if (!options.weights.empty()) {
        if (auto weights = engine::load_weights(options.weights); !weights) {
            fmt::print(stderr, "draughts hub: --weights: {}\n", weights.error().message);
            return 2;
        }
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
    session_options.load_weights = [](const std::string& path) {
        return engine::load_weights(path);
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
                    "Evaluation weight file (default: the built-in hand-set weights)");
    cmd->add_option("--hash", options->hash_mb, "Hash table size in MB")
        ->check(CLI::Range(1, 65536));
    cmd->add_option("--egdb", options->egdb,
                    "Endgame database folder (draughts egdb build) probed in search; also the "
                    "Hub parameter egdb");
    cmd->callback([options, &exit_code] { exit_code = run_hub(*options); });
}

}  // namespace draughts::app
