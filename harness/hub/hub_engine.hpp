#pragma once
// Hub engines as a kind of match engine (`kind: hub`): a child process speaking the Hub protocol
// over its stdin and stdout (harness/hub/hub_client.hpp), played by HubPlayer. See
// harness/builtin/builtin_engine.hpp for what a kind provides.

#include <yaml-cpp/yaml.h>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/expected.hpp"
#include "config/yaml_section.hpp"
#include "harness/hub/hub_client.hpp"
#include "harness/hub/hub_player.hpp"
#include "harness/player/engine_maker.hpp"
#include "harness/player/engine_program.hpp"

namespace draughts::harness {

/// Seconds allowed to a Hub engine in each phase of its life (see harness/hub/hub_client.hpp).
struct HubEngineTimeouts {
    double handshake = 10.0;     ///< `hub` answered by `wait`
    double init = 60.0;          ///< `init` answered by `ready` (the engine may load data)
    double ping = 10.0;          ///< `ping` answered by `pong` (new game, watchdog)
    double ping_interval = 5.0;  ///< between watchdog pings during untimed searches
    double stop = 2.0;           ///< `stop` answered by `done` before the engine is killed
    /// Seconds a move may overrun the clock before the engine forfeits; default: the match's
    /// time_margin. A game uses the larger margin of its two engines for both sides.
    std::optional<double> move_margin;

    /// The client's timeouts.
    HubTimeouts client() const;

    friend bool operator==(const HubEngineTimeouts&, const HubEngineTimeouts&) = default;
};

/// A Hub engine: its program, the parameters sent before `init`, and its timeouts.
struct HubEngine {
    static constexpr std::string_view kName = "hub";
    static constexpr std::array<std::string_view, 7> kKeys{
        "command", "args", "working_directory", "restart", "parameters", "timeouts", "reconfigure"};

    EngineProgram program;
    /// Sent with set-param, except those whose `{NAME}` appears in `args`: their values go there.
    std::vector<std::pair<std::string, std::string>> parameters;
    HubEngineTimeouts timeouts;
    /// How new parameter values reach a running engine (tuning by games).
    HubReconfigure reconfigure = HubReconfigure::Restart;

    static HubEngine read(YamlSection& entry);
    void write(YAML::Emitter& out) const;
    /// The maker of Hub players of variant V (see harness/hub/hub_player.hpp).
    template <typename V = rules::International>
    Expected<BasicEngineMaker<V>> prepare(const PlayerContext& context) const;
    /// Another command line or other parameters.
    std::vector<std::string> differences(const HubEngine& other) const;
    /// The program (files named in its arguments are not known to be files).
    std::vector<EngineFile> input_files() const { return program.input_files(); }

    friend bool operator==(const HubEngine&, const HubEngine&) = default;
};

}  // namespace draughts::harness
