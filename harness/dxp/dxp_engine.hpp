#pragma once
// DXP engines as a kind of match engine (`kind: dxp`): an engine reached over the DamExchange
// Protocol on TCP (harness/dxp/dxp_link.hpp), usually a child process the harness starts, played
// by DxpPlayer. See harness/builtin/builtin_engine.hpp for what a kind provides.

#include <yaml-cpp/yaml.h>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "common/expected.hpp"
#include "config/yaml_section.hpp"
#include "harness/dxp/dxp_link.hpp"
#include "harness/player/engine_maker.hpp"
#include "harness/player/engine_program.hpp"

namespace draughts::harness {

/// Seconds allowed to a DXP engine in each phase (see harness/dxp/dxp_link.hpp).
struct DxpEngineTimeouts {
    double connect = 10.0;      ///< until the connection is established
    double accept_game = 10.0;  ///< from R to A
    double game_end = 5.0;      ///< from our E to the engine's E
    /// The engine's own move cap: the longest move without a clock (nodes or depth only);
    /// default: the match's `move_cap`.
    std::optional<double> untimed_move;
    /// Seconds a move may overrun the clock before the engine forfeits; default: the match's.
    std::optional<double> move_margin;

    /// The link's timeouts.
    DxpTimeouts link() const;

    friend bool operator==(const DxpEngineTimeouts&, const DxpEngineTimeouts&) = default;
};

/// A DXP engine: its program (may be empty: an engine started by someone else), how the
/// connection is made, and its timeouts.
struct DxpEngine {
    static constexpr std::string_view kName = "dxp";
    static constexpr std::array<std::string_view, 9> kKeys{
        "command", "args", "working_directory", "restart", "connection",
        "host",    "port", "thinking_minutes",  "timeouts"};

    EngineProgram program;
    /// listen: the harness listens and the engine connects; connect: the engine listens.
    DxpConnectMode connection = DxpConnectMode::Listen;
    std::string host = "127.0.0.1";  ///< listen: the address to bind; connect: the engine's host
    int port = 0;                    ///< 0: a free port, passed to the engine through {port}
    std::optional<int> thinking_minutes;  ///< R's thinking time; default: from the time control
    DxpEngineTimeouts timeouts;

    static DxpEngine read(YamlSection& entry);
    void write(YAML::Emitter& out) const;
    /// The maker of DXP players; DXP carries international draughts only, so any other variant is
    /// an error naming the engine (the configuration refuses it earlier).
    template <typename V = rules::International>
    Expected<BasicEngineMaker<V>> prepare(const PlayerContext& context) const {
        if constexpr (std::is_same_v<V, rules::International>)
            return prepare_international(context);
        else
            return make_error(
                "engine '" + context.name +
                "': DXP carries international draughts only, so a dxp engine cannot play " +
                std::string(V::kName));
    }
    Expected<EngineMaker> prepare_international(const PlayerContext& context) const;
    /// Another command line.
    std::vector<std::string> differences(const DxpEngine& other) const;
    /// The program, when the harness starts it.
    std::vector<EngineFile> input_files() const { return program.input_files(); }
    /// Why the engine `name` cannot play `concurrency` games at once (a fixed port serves one
    /// game at a time); nullopt when it can.
    std::optional<std::string> concurrency_problem(const std::string& name, int concurrency) const;

    friend bool operator==(const DxpEngine&, const DxpEngine&) = default;
};

}  // namespace draughts::harness
