#pragma once
// The project's own engine as a player, running in the referee's thread: no process, no protocol,
// so games between engine versions or weight sets are cheap (the tuner and quick matches use it).

#include <atomic>
#include <string>

#include "engine/engine.hpp"
#include "harness/player/player.hpp"

namespace draughts::harness {

/// An engine::BasicEngine<V> behind the Player interface. Every think searches the position with
/// the game history and the limits of the request; when the request has a deadline a watchdog
/// stops the search there, so a misbehaving search cannot hold up the game (it forfeits on time).
template <typename V>
class BasicInProcessPlayer final : public BasicPlayer<V> {
  public:
    using typename BasicPlayer<V>::GameStart;
    using typename BasicPlayer<V>::ThinkRequest;
    using typename BasicPlayer<V>::ThinkReply;

    /// `options.weights` and `options.search` are the settings that set_parameters() starts
    /// from.
    explicit BasicInProcessPlayer(std::string name, engine::BasicEngineOptions<V> options = {});

    std::string name() const override { return name_; }
    Expected<void> start() override { return {}; }
    /// Clears the hash table and move-ordering history.
    Expected<void> new_game(const GameStart& game) override;
    ThinkReply think(const ThinkRequest& request) override;
    void stop() override { stop_.store(true); }
    void game_over(const GameEnd&) override {}
    void quit() override {}
    /// Gives the engine its base settings with `values` applied (engine/engine_parameters.hpp).
    Expected<void> set_parameters(const engine::ParameterValues& values) override;

    engine::BasicEngine<V>& engine() { return engine_; }

  private:
    std::string name_;
    engine::BasicEngineSettings<V> base_;
    engine::ParameterValues applied_;  ///< the values in use
    engine::BasicEngine<V> engine_;
    std::atomic<bool> stop_{false};
};

/// The built-in engine playing international draughts.
using InProcessPlayer = BasicInProcessPlayer<rules::International>;

}  // namespace draughts::harness
