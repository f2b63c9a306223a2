#pragma once
// Command-line overrides of configuration keys: `--set key.path=value`. The value is read as YAML
// (so lists such as `[a, b]` work) and put into the configuration tree before validation, so the
// same validator types and checks it, and its errors name the override.
//
// Path syntax: keys separated by dots; a list element by its position (`engines.1.hash` or
// `engines[1].hash`, counting from 0) or, for lists of named entries, by its name
// (`engines.baseline.hash`). Missing sections and lists are created, and the position just past
// the end of a list adds an entry (`engines[2].name=c` with two engines adds a third), and `[*]`
// stands for every entry of a list (see expand_every_entry).

#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "config/config_source.hpp"

namespace draughts::harness {

/// A parsed `key.path=value` assignment.
struct ConfigAssignment {
    std::string path;   ///< as written
    std::string value;  ///< YAML text of the value
    std::string text;   ///< how to name it in messages ("--set a.b=c" or "--games 10")
};

/// Splits "key.path=value"; `text` names it in messages.
Expected<ConfigAssignment> parse_assignment(std::string_view assignment, std::string text);

/// The assignment once per entry of a list when its path has `[*]` ("engines[*].hash=64" sets
/// the hash of every engine in `root`), else the assignment itself.
Expected<std::vector<ConfigAssignment>> expand_every_entry(const YAML::Node& root,
                                                           const ConfigAssignment& assignment);

/// Sets the value in `root` (a mapping, created if null). Returns the canonical path
/// ("engines[1].hash") with the text, or an error naming the override and the path problem.
Expected<AppliedOverride> apply_override(YAML::Node& root, const ConfigAssignment& assignment);

}  // namespace draughts::harness
