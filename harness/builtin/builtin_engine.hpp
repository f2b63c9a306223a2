#pragma once
// The built-in engine as a kind of match engine (`kind: builtin`): the project's own searcher,
// played in this process with the weights of a weight file.
//
// Every kind of engine is one type like this one, listed in harness/config/engine_kinds.hpp. A
// kind has a name (the `kind:` value), the list of its own YAML keys, reads and writes them,
// makes players, and says which of its settings make two runs incomparable; see the concept
// EngineKind in harness/config/engine_kind.hpp.

#include <yaml-cpp/yaml.h>

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/expected.hpp"
#include "config/yaml_section.hpp"
#include "harness/player/engine_maker.hpp"

namespace draughts::harness {

/// A built-in engine: a weights file, a hash table size, optionally an endgame database and an
/// evaluation network, and parameters by name (engine/engine_parameters.hpp) applied on top of
/// the weights.
struct BuiltinEngine {
    static constexpr std::string_view kName = "builtin";
    static constexpr std::array<std::string_view, 5> kKeys{"weights", "hash", "egdb", "network",
                                                           "parameters"};

    std::string weights;  ///< weights file (absolute); empty: the engine's built-in defaults
    int hash_mb = 16;
    std::string egdb;  ///< endgame database folder (absolute) probed in search; empty: none
    /// Network file (absolute, docs/network.md) evaluating instead of the weights; empty: none.
    std::string network;
    /// Search, time and evaluation parameters by name, applied in order on top of the weights.
    std::vector<std::pair<std::string, std::string>> parameters;

    /// Reads the keys of kKeys from an engine entry; problems go to the entry's source.
    static BuiltinEngine read(YamlSection& entry);
    /// Writes the keys of kKeys (config.yaml).
    void write(YAML::Emitter& out) const;
    /// Reads the weights of variant V (a file of another variant is an error naming the engine,
    /// the file and both variants; none: V's defaults) and opens the database once (international
    /// only); every player of the run shares them.
    template <typename V = rules::International>
    Expected<BasicEngineMaker<V>> prepare(const PlayerContext& context) const;
    /// What makes results with `other` incomparable (for `draughts merge`): weights or networks
    /// with other contents, another hash size, another database folder.
    std::vector<std::string> differences(const BuiltinEngine& other) const;
    /// The weights and network files (when set) and the program: the built-in engine is this
    /// program's own code, so a rebuilt harness is a changed engine.
    std::vector<EngineFile> input_files() const;

    friend bool operator==(const BuiltinEngine&, const BuiltinEngine&) = default;
};

}  // namespace draughts::harness
