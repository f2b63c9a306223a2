#pragma once
// Reading the `engines` list of a match configuration.

#include <vector>

#include "harness/config/match_config.hpp"
#include "harness/config/yaml_section.hpp"

namespace draughts::harness {

/// Reads every entry of `engines:`; problems go to the section's ConfigSource.
std::vector<EngineConfig> read_engines(YamlSection& root);

/// A time control read from `key` of `section`, in canonical form; errors are reported there.
std::string read_time_control(YamlSection& section, std::string_view key, const std::string& text);

/// True when `command` names an executable file: an absolute path, or a name found in PATH.
bool is_executable_command(const std::string& command);

}  // namespace draughts::harness
