#pragma once
// Names the mistake when the first words of a command line are not a subcommand, before CLI11
// parses it: CLI11 itself answers `draughts frobnicate` with "A subcommand is required", which
// does not say what was wrong.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace draughts::app {

/// A message for the user when the subcommand words of `argv` (the first word, and the next one
/// for a subcommand that has its own, such as `dataset convert`) are missing or unknown, e.g.
/// "draughts: unknown subcommand 'perf' (did you mean 'perft'?); the subcommands are: ...".
/// nullopt when they are fine, or when an option comes first (CLI11 handles --help and the
/// like).
std::optional<std::string> subcommand_mistake(const CLI::App& app, int argc,
                                              const char* const* argv);

}  // namespace draughts::app
