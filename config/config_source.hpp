#pragma once
// Where the values of a configuration came from (a YAML file, `--set` overrides on the command
// line), and the list of problems found while reading it. Every message names the place: the
// file, line and column of the value, or the override that set it, and the key.

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"

namespace draughts::harness {

/// A `--set key.path=value` given on the command line, after its path was resolved.
struct AppliedOverride {
    std::string path;  ///< canonical key path, e.g. "engines[1].hash"
    std::string text;  ///< as the user wrote it, e.g. "--set engines.1.hash=64"
};

/// The origin of a configuration and the errors found in it so far.
class ConfigSource {
  public:
    /// `file` names the YAML text in messages; relative paths inside it are taken from
    /// `base_dir` (the file's folder), those from overrides from the working directory.
    ConfigSource(std::string file, std::filesystem::path base_dir);

    const std::string& file() const { return file_; }
    void add_override(AppliedOverride applied);
    /// The override that set `path` or a section containing it, or nullptr.
    const AppliedOverride* override_for(std::string_view path) const;

    /// Records a problem with the value of `path` found at `node` (or, when `node` has no
    /// position, at the nearest place known).
    void error(const YAML::Node& node, std::string_view path, std::string_view message);
    /// Where `path` was set: "FILE:LINE:COLUMN" or the override's text.
    std::string location(const YAML::Node& node, std::string_view path) const;

    /// A path value read at `path`, made absolute against the right folder.
    std::filesystem::path resolve_path(std::string_view path, const std::string& value) const;

    bool ok() const { return errors_.empty(); }
    const std::vector<std::string>& errors() const { return errors_; }
    /// All errors, one per line.
    Error to_error() const;

  private:
    std::string file_;
    std::filesystem::path base_dir_;
    std::vector<AppliedOverride> overrides_;
    std::vector<std::string> errors_;
};

}  // namespace draughts::harness
