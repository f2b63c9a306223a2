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

/// Idle players per engine; thread-safe.
class PlayerPool {
  public:
    /// `factory` and `log` (may be null) must outlive the pool.
    PlayerPool(const PlayerFactory& factory, EngineLog* log);
    ~PlayerPool();
    PlayerPool(const PlayerPool&) = delete;
    PlayerPool& operator=(const PlayerPool&) = delete;

    /// An idle player of engine `index`, or a new one, started. A player that fails to start
    /// is returned anyway (noted in the log): its game then forfeits with the reason.
    std::unique_ptr<Player> acquire(std::size_t index);
    /// Starts an instance of engine `index` and keeps it idle for the first game (the start-up
    /// check before a run); an instance that fails is ended.
    std::optional<StartFailure> start_check(std::size_t index);
    /// Gives a player back after a game; with the restart policy `always` it quits instead.
    void release(std::size_t index, std::unique_ptr<Player> player);
    /// Quits every idle player.
    void shutdown();

    /// Instances of an engine created so far.
    int created(std::size_t index) const;

  private:
    const PlayerFactory& factory_;
    EngineLog* log_;
    mutable std::mutex mutex_;
    std::vector<std::vector<std::unique_ptr<Player>>> idle_;
    std::vector<int> created_;
};

/// Takes a player from a pool and gives it back when it goes out of scope.
class PlayerLease {
  public:
    PlayerLease(PlayerPool& pool, std::size_t index)
        : pool_(pool), index_(index), player_(pool.acquire(index)) {}
    ~PlayerLease() { pool_.release(index_, std::move(player_)); }
    PlayerLease(const PlayerLease&) = delete;
    PlayerLease& operator=(const PlayerLease&) = delete;

    Player& operator*() const { return *player_; }
    Player* operator->() const { return player_.get(); }

  private:
    PlayerPool& pool_;
    std::size_t index_;
    std::unique_ptr<Player> player_;
};

}  // namespace draughts::harness
