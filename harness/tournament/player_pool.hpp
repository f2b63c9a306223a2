#pragma once
// Player instances shared by the games of a tournament: a game takes a player of each engine,
// plays, and gives them back, so an instance serves one game at a time, at most `concurrency`
// instances of an engine exist, and Hub and DXP engines stay up from game to game (unless their
// restart policy is `always`).

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "harness/player/engine_log.hpp"
#include "harness/player/player.hpp"
#include "harness/tournament/player_factory.hpp"

namespace draughts::harness {

/// An engine instance that could not be started.
struct StartFailure {
    std::string who;     ///< the instance's name in the engine log ("name#1")
    std::string reason;  ///< what failed, as the player reported it
};

/// Idle players of variant V per engine; thread-safe. Defined for the variants of
/// rules/variant_list.hpp.
template <typename V>
class BasicPlayerPool {
  public:
    /// `factory` and `log` (may be null) must outlive the pool.
    BasicPlayerPool(const BasicPlayerFactory<V>& factory, EngineLog* log);
    ~BasicPlayerPool();
    BasicPlayerPool(const BasicPlayerPool&) = delete;
    BasicPlayerPool& operator=(const BasicPlayerPool&) = delete;

    /// An idle player of engine `index`, or a new one, started. A player that fails to start
    /// is returned anyway (noted in the log): its game then forfeits with the reason.
    std::unique_ptr<BasicPlayer<V>> acquire(std::size_t index);
    /// Starts an instance of engine `index` and keeps it idle for the first game (the start-up
    /// check before a run); an instance that fails is ended.
    std::optional<StartFailure> start_check(std::size_t index);
    /// Gives a player back after a game; with the restart policy `always` it quits instead.
    void release(std::size_t index, std::unique_ptr<BasicPlayer<V>> player);
    /// Quits every idle player.
    void shutdown();

    /// Instances of an engine created so far.
    int created(std::size_t index) const;

  private:
    const BasicPlayerFactory<V>& factory_;
    EngineLog* log_;
    mutable std::mutex mutex_;
    std::vector<std::vector<std::unique_ptr<BasicPlayer<V>>>> idle_;
    std::vector<int> created_;
};

/// Takes a player from a pool and gives it back when it goes out of scope.
template <typename V>
class BasicPlayerLease {
  public:
    BasicPlayerLease(BasicPlayerPool<V>& pool, std::size_t index)
        : pool_(pool), index_(index), player_(pool.acquire(index)) {}
    ~BasicPlayerLease() { pool_.release(index_, std::move(player_)); }
    BasicPlayerLease(const BasicPlayerLease&) = delete;
    BasicPlayerLease& operator=(const BasicPlayerLease&) = delete;

    BasicPlayer<V>& operator*() const { return *player_; }
    BasicPlayer<V>* operator->() const { return player_.get(); }

  private:
    BasicPlayerPool<V>& pool_;
    std::size_t index_;
    std::unique_ptr<BasicPlayer<V>> player_;
};

/// The international names.
using PlayerPool = BasicPlayerPool<rules::International>;
using PlayerLease = BasicPlayerLease<rules::International>;

}  // namespace draughts::harness
