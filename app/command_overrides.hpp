#pragma once
// What the commands that read a YAML configuration share: the overrides of the command line
// (every `--set KEY=VALUE` in order, then the shortcut options that stand for a key, `--games 100`
// for `games`, quoted so that they stay text for YAML), and the default results folder.

#include <filesystem>
#include <initializer_list>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "config/config_override.hpp"

namespace draughts::app {

/// An option that stands for a configuration key; an empty value is not given.
struct KeyShortcut {
    const std::string& value;
    const char* option;  ///< "--games"
    const char* key;     ///< "games"
};

/// See the top of the file; errors name the `--set` that is malformed.
Expected<std::vector<harness::ConfigAssignment>> command_overrides(
    const std::vector<std::string>& sets, std::initializer_list<KeyShortcut> shortcuts);

/// results/NAME-YYYYMMDD-HHMMSS (local time) in the working directory, with -2, -3, ... when
/// that exists already.
std::filesystem::path default_output_folder(const std::string& name);

}  // namespace draughts::app
