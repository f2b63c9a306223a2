#pragma once
// Makes the players of a match's engines, each through its kind (harness/config/engine_kinds.hpp):
// every engine is prepared once (built-in weights read, settings checked), then each concurrent
// game gets its own player; child processes are registered with the run's ChildRegistry and
// their stderr (and with log_protocol every protocol message) goes to the engine log.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "harness/config/match_config.hpp"
#include "harness/player/engine_log.hpp"
#include "harness/player/engine_maker.hpp"
#include "harness/player/player.hpp"
#include "system/process/child_registry.hpp"

namespace draughts::harness {

/// Creates players of variant V (the configuration's) for the engines of one configuration.
/// Defined for the variants of rules/variant_list.hpp.
template <typename V>
class BasicPlayerFactory {
  public:
    /// Prepares every engine; errors name the engine (e.g. its weights file cannot be read, or
    /// its kind cannot play V). `registry` and `log` may be null and must outlive the factory's
    /// players.
    static Expected<BasicPlayerFactory> create(const MatchConfig& config, ChildRegistry* registry,
                                               EngineLog* log);

    std::size_t engine_count() const { return names_.size(); }
    const std::string& name(std::size_t index) const { return names_[index]; }
    /// True when a player of engine `index` quits after every game (restart: always).
    bool fresh_player_per_game(std::size_t index) const {
        return makers_[index].fresh_player_per_game;
    }
    /// How engine `index` is run (its command line), for messages.
    const std::string& command_line(std::size_t index) const { return makers_[index].command_line; }
    /// The engine's own time margin; nullopt: the match's.
    std::optional<double> move_margin(std::size_t index) const {
        return makers_[index].move_margin;
    }
    std::optional<double> move_cap(std::size_t index) const { return makers_[index].move_cap; }
    /// True when engine `index` runs in another process (EngineMaker::remote).
    bool remote(std::size_t index) const { return makers_[index].remote; }

    /// A new, not yet started player for engine `index`; `instance` tells instances apart in
    /// the engine log.
    std::unique_ptr<BasicPlayer<V>> make(std::size_t index, int instance) const {
        return makers_[index].make(instance);
    }

  private:
    std::vector<std::string> names_;
    std::vector<BasicEngineMaker<V>> makers_;
};

/// The factory of international players.
using PlayerFactory = BasicPlayerFactory<rules::International>;

}  // namespace draughts::harness
