#pragma once
// Makes the players of a match's engines: built-in engines as InProcessPlayer (weights files
// read once, shared by every instance), Hub engines as HubPlayer and DXP engines as DxpPlayer,
// their child processes registered with the run's ChildRegistry, their stderr (and with
// log_protocol every protocol message) going to the engine log.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "engine/eval_weights.hpp"
#include "harness/config/match_config.hpp"
#include "harness/dxp/dxp_link.hpp"
#include "harness/hub/engine_log.hpp"
#include "harness/hub/hub_client.hpp"
#include "harness/player/player.hpp"
#include "harness/process/child_registry.hpp"
#include "harness/process/process.hpp"

namespace draughts::harness {

/// Creates players for the engines of one configuration.
class PlayerFactory {
  public:
    /// Reads the weights of the built-in engines; errors name the engine and the file.
    /// `registry` and `log` may be null and must outlive the factory's players.
    static Expected<PlayerFactory> create(const MatchConfig& config, ChildRegistry* registry,
                                          EngineLog* log);

    std::size_t engine_count() const { return engines_.size(); }
    const EngineConfig& engine(std::size_t index) const { return engines_[index]; }

    /// A new, not yet started player for engine `index`; `instance` tells instances apart in
    /// the engine log.
    std::unique_ptr<Player> make(std::size_t index, int instance) const;

  private:
    std::unique_ptr<Player> make_dxp(const EngineConfig& engine, int instance) const;
    /// The engine's program, arguments, folder, child registry and stderr log (`who` names the
    /// instance in the log).
    void set_up_process(const EngineConfig& engine, const std::string& who,
                        ProcessOptions& process) const;

    std::vector<EngineConfig> engines_;
    std::vector<std::shared_ptr<const engine::EvalWeights>> weights_;  ///< null for Hub engines
    ChildRegistry* registry_ = nullptr;
    EngineLog* log_ = nullptr;
    bool log_protocol_ = false;
};

/// The Hub client timeouts of an engine's configured timeouts.
HubTimeouts hub_timeouts(const HubEngineTimeouts& timeouts);

/// The DXP timeouts of a dxp engine's configuration.
DxpTimeouts dxp_timeouts(const DxpEngineConfig& config);

}  // namespace draughts::harness
