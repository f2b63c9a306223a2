#pragma once
// The steps every YAML configuration of the toolkit goes through (matches, datagen, tuning): read
// the file, parse it, apply the command-line `--set` overrides, then read the values with a
// YamlSection so that each problem is reported with its file, line, column and key.

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/expected.hpp"
#include "config/config_override.hpp"
#include "config/config_source.hpp"
#include "config/yaml_section.hpp"

namespace draughts::harness {

/// The text of a configuration file, with the folder its relative paths are taken from.
struct ConfigFile {
    std::string text;
    std::filesystem::path base_dir;
};

/// Reads `file` whole; the error names the file.
Expected<ConfigFile> read_config_file(const std::filesystem::path& file);

/// Parses `yaml` (named `source` in messages) and applies `overrides` to it, recording each in
/// `config_source` so that later errors about an overridden value name the override.
Expected<YAML::Node> parse_with_overrides(std::string_view yaml, std::string_view source,
                                          const std::vector<ConfigAssignment>& overrides,
                                          ConfigSource& config_source);

/// Parses a configuration and reads it with `read` (Config read(YamlSection&)); the result is
/// the configuration, or every problem found, one per line.
template <class Config, class Reader>
Expected<Config> read_config_document(std::string_view yaml, std::string_view source,
                                      const std::filesystem::path& base_dir,
                                      const std::vector<ConfigAssignment>& overrides,
                                      Reader&& read) {
    ConfigSource config_source{std::string(source), base_dir};
    auto root = parse_with_overrides(yaml, source, overrides, config_source);
    if (!root) return root.error();
    YamlSection top(*root, "", config_source);
    Config config = std::forward<Reader>(read)(top);
    if (!config_source.ok()) return config_source.to_error();
    return config;
}

}  // namespace draughts::harness
