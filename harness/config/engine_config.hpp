#pragma once
// One engine of a match: its name, its own time control, and the settings of its kind; reading
// the `engines` list, writing it back, and what every kind offers (players, comparisons),
// dispatched over the registry of kinds (engine_kinds.hpp).

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "config/yaml_section.hpp"
#include "harness/config/engine_kinds.hpp"
#include "harness/player/engine_maker.hpp"
#include "records/time_control.hpp"

namespace draughts::harness {

/// One engine of the match.
struct EngineConfig {
    std::string name;
    std::optional<TimeControl> time_control;  ///< overrides the match's time control
    EngineSpec spec;                          ///< the kind and its settings

    friend bool operator==(const EngineConfig&, const EngineConfig&) = default;
};

/// The `kind:` value of the engine's settings ("builtin", "hub", "dxp").
std::string_view kind_name(const EngineSpec& spec);

/// Reads every entry of `engines:`; problems go to the section's ConfigSource.
std::vector<EngineConfig> read_engines(YamlSection& root);
/// Reads one engine entry (a mapping of name, kind and the kind's keys); the caller finishes the
/// section.
EngineConfig read_engine(YamlSection& entry);
/// Writes one engine as a mapping (config.yaml); reading it back gives the same engine.
void write_engine(YAML::Emitter& out, const EngineConfig& engine);

/// The maker of the engine's players of variant V (see EngineKind::prepare); errors name the
/// engine. Defined for the variants of rules/variant_list.hpp.
template <typename V = rules::International>
Expected<BasicEngineMaker<V>> prepare_engine(const EngineConfig& engine, PlayerContext context);
/// What makes results of `a` and `b` incomparable: another kind, time control or settings.
std::vector<std::string> engine_differences(const EngineConfig& a, const EngineConfig& b);
/// The files the engine's games depend on (see EngineKind::input_files).
std::vector<EngineFile> input_files(const EngineConfig& engine);
/// Why the engine cannot play `concurrency` games at once; nullopt when it can.
std::optional<std::string> concurrency_problem(const EngineConfig& engine, int concurrency);

/// A time control read from `key` of `section`; errors are reported there (and give `fallback`).
TimeControl read_time_control(YamlSection& section, std::string_view key,
                              const TimeControl& fallback);

}  // namespace draughts::harness
