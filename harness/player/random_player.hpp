#pragma once
// A player without an engine: picks a legal move at random. Useful as a baseline opponent, for
// smoke tests of the harness, and to generate varied games quickly, in every variant.

#include <cstdint>
#include <string>

#include "harness/player/player.hpp"

namespace draughts::harness {

/// Chooses uniformly among the legal moves. The choice depends only on the seed, the position and
/// the ply number, so a game between random players is reproducible and the player keeps no state.
template <typename V>
class BasicRandomPlayer final : public BasicPlayer<V> {
  public:
    using typename BasicPlayer<V>::GameStart;
    using typename BasicPlayer<V>::ThinkRequest;
    using typename BasicPlayer<V>::ThinkReply;

    explicit BasicRandomPlayer(std::uint64_t seed = 1, std::string name = "random");

    std::string name() const override { return name_; }
    Expected<void> start() override { return {}; }
    Expected<void> new_game(const GameStart&) override { return {}; }
    ThinkReply think(const ThinkRequest& request) override;
    void stop() override {}
    void game_over(const GameEnd&) override {}
    void quit() override {}

  private:
    std::uint64_t seed_;
    std::string name_;
};

/// The random player of international draughts.
using RandomPlayer = BasicRandomPlayer<rules::International>;

}  // namespace draughts::harness
