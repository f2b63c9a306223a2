#include "harness/tournament/player_pool.hpp"

namespace draughts::harness {

PlayerPool::PlayerPool(const PlayerFactory& factory, EngineLog* log)
    : factory_(factory),
      log_(log),
      idle_(factory.engine_count()),
      created_(factory.engine_count(), 0) {}

PlayerPool::~PlayerPool() { shutdown(); }

std::unique_ptr<Player> PlayerPool::acquire(std::size_t index) {
    int instance = 0;
    {
        const std::lock_guard lock(mutex_);
        auto& idle = idle_[index];
        if (!idle.empty()) {
            std::unique_ptr<Player> player = std::move(idle.back());
            idle.pop_back();
            return player;
        }
        instance = ++created_[index];
    }
    std::unique_ptr<Player> player = factory_.make(index, instance);
    if (auto started = player->start(); !started && log_ != nullptr)
        log_->note(factory_.name(index) + "#" + std::to_string(instance),
                   "start failed: " + started.error().message);
    return player;
}

std::optional<StartFailure> PlayerPool::start_check(std::size_t index) {
    int instance = 0;
    {
        const std::lock_guard lock(mutex_);
        instance = ++created_[index];
    }
    std::unique_ptr<Player> player = factory_.make(index, instance);
    if (auto started = player->start(); !started) {
        player->quit();
        return StartFailure{factory_.name(index) + "#" + std::to_string(instance),
                            started.error().message};
    }
    release(index, std::move(player));
    return std::nullopt;
}

void PlayerPool::release(std::size_t index, std::unique_ptr<Player> player) {
    if (!player) return;
    if (factory_.fresh_player_per_game(index)) {
        player->quit();
        return;
    }
    const std::lock_guard lock(mutex_);
    idle_[index].push_back(std::move(player));
}

void PlayerPool::shutdown() {
    std::vector<std::unique_ptr<Player>> all;
    {
        const std::lock_guard lock(mutex_);
        for (auto& idle : idle_) {
            for (auto& p : idle) all.push_back(std::move(p));
            idle.clear();
        }
    }
    for (auto& p : all) p->quit();
}

int PlayerPool::created(std::size_t index) const {
    const std::lock_guard lock(mutex_);
    return created_[index];
}

}  // namespace draughts::harness
