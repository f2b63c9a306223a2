#pragma once
// Engines, and the SPRT, given on the command line in the style of fastchess and cutechess:
//
//   draughts match --engine name=new cmd=./engine args="--hash 64" proto=hub option.hash=64
//                  --engine name=base cmd=./base proto=hub --each tc=10+0.1 --sprt elo0=0,elo1=5
//
// Each KEY=VALUE becomes an override of the configuration key it stands for, so that it is read,
// checked and named in error messages exactly like that key in a YAML file. KEY is any key of an
// engine entry (docs/matches.md) or a short form: cmd (command), proto (kind), dir
// (working_directory), tc (time_control), option.NAME (parameters.NAME). VALUE is text, never
// YAML (`args` is split into words like a shell would).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "config/config_override.hpp"
#include "harness/config/engine_config.hpp"

namespace draughts::harness {

/// The overrides that add engine `index` (the position after the engines already configured)
/// from the KEY=VALUE tokens of one `--engine`.
Expected<std::vector<ConfigAssignment>> engine_assignments(const std::vector<std::string>& tokens,
                                                           std::size_t index);

/// One engine from KEY=VALUE tokens alone, read and checked like an engine entry of a match
/// (`draughts game --white name=x cmd=./engine proto=hub`). `option` names the tokens in
/// messages; the engine is called `default_name` unless a name is given.
Expected<EngineConfig> parse_engine_tokens(const std::vector<std::string>& tokens,
                                           std::string_view option, std::string default_name);

/// The overrides that set a key of every engine from the KEY=VALUE tokens of `--each`.
Expected<std::vector<ConfigAssignment>> each_engine_assignments(
    const std::vector<std::string>& tokens);

/// The overrides of `--sprt elo0=A,elo1=B[,alpha=..,beta=..,model=..]`, which also switch the
/// test on.
Expected<std::vector<ConfigAssignment>> sprt_assignments(std::string_view spec);

/// `text` as a YAML scalar that reads back as exactly that text (single-quoted).
std::string yaml_quoted(std::string_view text);

}  // namespace draughts::harness
