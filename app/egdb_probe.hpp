#pragma once
// `draughts egdb probe DIR FEN`: a position's stored value and its moves as the database judges
// them (app/egdb_command.cpp registers it under `draughts egdb`).

#include <CLI/CLI.hpp>

namespace draughts::app {

/// Adds `probe` to the `egdb` command.
void add_egdb_probe(CLI::App& egdb, int& exit_code);

}  // namespace draughts::app
