#pragma once
// What a kind of engine provides (the `kind:` of an engine in a match configuration). A kind is
// one type that is both the kind's settings and its behaviour:
//   kName          the `kind:` value
//   kKeys          the YAML keys the kind reads (a key of another kind is refused with a message
//                  that names the kinds it applies to)
//   read(entry)    reads those keys from an engine entry, reporting problems to the entry
//   write(out)     writes them back (config.yaml), so that reading the file gives the same value
//   prepare<V>(ctx) checks what can be checked before the first game (e.g. loads weights) and
//                  returns the maker of players of variant V, one per concurrent game (a kind
//                  that cannot play V says so in the error)
//   differences(o) what makes results of the two settings incomparable (`draughts merge`)
//   input_files()  the files its games depend on (program, weights), hashed into the provenance
// and optionally
//   concurrency_problem(name, n)  why it cannot play n games at once.

#include <yaml-cpp/yaml.h>

#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "config/yaml_section.hpp"
#include "harness/player/engine_maker.hpp"

namespace draughts::harness {

/// See the top of this file.
template <typename K>
concept EngineKind = std::regular<K> &&
    requires(YamlSection& entry, const K& kind, YAML::Emitter& out, const PlayerContext& context) {
    { K::kName } -> std::convertible_to<std::string_view>;
    { K::kKeys.size() } -> std::convertible_to<std::size_t>;
    { K::read(entry) } -> std::same_as<K>;
    kind.write(out);
    { kind.template prepare<rules::International>(context) } -> std::same_as<Expected<EngineMaker>>;
    { kind.differences(kind) } -> std::same_as<std::vector<std::string>>;
    { kind.input_files() } -> std::same_as<std::vector<EngineFile>>;
};

/// True when the kind can refuse a concurrency (see the top of this file).
template <typename K>
concept LimitsConcurrency = requires(const K& kind, const std::string& name) {
    { kind.concurrency_problem(name, 2) } -> std::same_as<std::optional<std::string>>;
};

}  // namespace draughts::harness
