// The `draughts` program: one binary with git-style subcommands.

#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "app/build_info.hpp"
#include "app/commands.hpp"
#include "app/subcommand_check.hpp"
#include "cluster/cluster.hpp"

namespace {

/// An exception ended the command: says so (naming the rank in a distributed run) and, when the
/// other ranks are waiting for this one, ends them all (cluster/cluster.hpp). Returns status 2.
int failed_by_exception(draughts::cluster::Cluster* cluster, const char* what) {
    if (cluster == nullptr) {
        std::fprintf(stderr, "draughts: %s\n", what);
        return 2;
    }
    std::fprintf(stderr, "draughts: rank %d: %s\n", cluster->rank(), what);
    std::fflush(stderr);
    cluster->end_after_failure(2);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    // Started by mpirun or srun as one rank of several: join the others first (MPI wants to
    // see the command line before anything else runs). Alone, `cluster` stays null. Only the
    // distributed commands join: an engine such as `draughts hub`, started by a rank, inherits
    // the rank's environment but is no rank.
    const std::string command = argc > 1 ? argv[1] : "";
    const bool distributed =
        command == "match" || command == "datagen" || command == "tune" || command == "spsa";
    auto transport = distributed
                         ? draughts::cluster::join_cluster(argc, argv)
                         : draughts::Expected<std::unique_ptr<draughts::cluster::Transport>>(
                               std::unique_ptr<draughts::cluster::Transport>());
    if (!transport) {
        std::fprintf(stderr, "draughts: %s\n", transport.error().message.c_str());
        return 2;
    }
    std::unique_ptr<draughts::cluster::Cluster> cluster;
    if (*transport) cluster = std::make_unique<draughts::cluster::Cluster>(std::move(*transport));
    CLI::App app{"International draughts toolkit: rules core, engine, match harness and tuner"};
    app.require_subcommand(1);
    app.set_version_flag("--version", draughts::app::version_line(),
                         "Print the version and the git commit of this build, and exit");
    // The command line as typed, recorded in the provenance of results folders.
    const std::vector<std::string> command_line(argv, argv + argc);
    int exit_code = 0;
    draughts::app::add_perft_command(app, exit_code);
    draughts::app::add_match_command(app, exit_code, command_line, cluster.get());
    draughts::app::add_merge_command(app, exit_code, command_line);
    draughts::app::add_game_command(app, exit_code);
    draughts::app::add_pdn_command(app, exit_code);
    draughts::app::add_sprt_command(app, exit_code);
    draughts::app::add_book_command(app, exit_code);
    draughts::app::add_hub_command(app, exit_code);
    draughts::app::add_dxp_command(app, exit_code);
    draughts::app::add_bench_command(app, exit_code);
    draughts::app::add_dataset_command(app, exit_code);
    draughts::app::add_tune_command(app, exit_code, cluster.get());
    draughts::app::add_spsa_command(app, exit_code, command_line, cluster.get());
    draughts::app::add_datagen_command(app, exit_code, cluster.get());
    draughts::app::add_report_command(app, exit_code);
    draughts::app::add_egdb_command(app, exit_code);
    draughts::app::add_train_network_command(app, exit_code);
    if (const auto mistake = draughts::app::subcommand_mistake(app, argc, argv)) {
        std::fprintf(stderr, "%s\n", mistake->c_str());
        return 2;  // a usage error, like every other command-line mistake below
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version exit 0; every command-line mistake is a usage error, status 2,
        // like every other error (CLI11's own codes start at 100 and would collide with nothing
        // documented).
        const int cli_status = app.exit(e);
        return cli_status == 0 ? 0 : 2;
    } catch (const std::exception& e) {
        return failed_by_exception(cluster.get(), e.what());
    } catch (...) {
        return failed_by_exception(cluster.get(), "an unknown exception");
    }
    return exit_code;
}
