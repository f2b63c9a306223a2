#pragma once
// Each subcommand of the `draughts` program lives in its own file and registers itself here.
// A command stores its exit status in `exit_code`; main returns it. Commands that write results
// folders also get the command line as typed (`command_line`, argv), for their provenance.
// Under mpirun every rank parses the same command line; the distributed commands (match,
// datagen, tune, spsa) get the cluster.

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "common/exit_statuses.hpp"

namespace draughts::cluster {
class Cluster;
}

namespace draughts::app {

/// Prints "draughts COMMAND: MESSAGE" to stderr and returns kExitError, so that a command ends
/// with `return command_failed("tune", message);`.
int command_failed(std::string_view command, const std::string& message);

void add_perft_command(CLI::App& app, int& exit_code);
/// `cluster`: this rank's cluster when started by mpirun or srun, else null (also for tune and
/// datagen): rank 0 runs the command with the others, which only serve it.
void add_match_command(CLI::App& app, int& exit_code, const std::vector<std::string>& command_line,
                       cluster::Cluster* cluster);
void add_merge_command(CLI::App& app, int& exit_code, const std::vector<std::string>& command_line);
void add_game_command(CLI::App& app, int& exit_code);
void add_pdn_command(CLI::App& app, int& exit_code);
void add_sprt_command(CLI::App& app, int& exit_code);
void add_book_command(CLI::App& app, int& exit_code);
void add_hub_command(CLI::App& app, int& exit_code);
void add_dxp_command(CLI::App& app, int& exit_code);
void add_bench_command(CLI::App& app, int& exit_code);
void add_dataset_command(CLI::App& app, int& exit_code);
void add_tune_command(CLI::App& app, int& exit_code, cluster::Cluster* cluster);
void add_spsa_command(CLI::App& app, int& exit_code, const std::vector<std::string>& command_line,
                      cluster::Cluster* cluster);
void add_datagen_command(CLI::App& app, int& exit_code, cluster::Cluster* cluster);
void add_report_command(CLI::App& app, int& exit_code);
void add_egdb_command(CLI::App& app, int& exit_code);
void add_train_network_command(CLI::App& app, int& exit_code);

}  // namespace draughts::app
