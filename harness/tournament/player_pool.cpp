#include "harness/tournament/player_pool.hpp"

#include "rules/variant_list.hpp"

namespace draughts::harness {

template <typename V>
BasicPlayerPool<V>::BasicPlayerPool(const BasicPlayerFactory<V>& factory, EngineLog* log)
    : factory_(factory),
      log_(log),
      idle_(factory.engine_count()),
      created_(factory.engine_count(), 0) {}

template <typename V>
BasicPlayerPool<V>::~BasicPlayerPool() {
    shutdown();
}

template <typename V>
std::unique_ptr<BasicPlayer<V>> BasicPlayerPool<V>::acquire(std::size_t index) {
    int instance = 0;
    {
        const std::lock_guard lock(mutex_);
        auto& idle = idle_[index];
        if (!idle.empty()) {
            std::unique_ptr<BasicPlayer<V>> player = std::move(idle.back());
            idle.pop_back();
            return player;
        }
        instance = ++created_[index];
    }
    std::unique_ptr<BasicPlayer<V>> player = factory_.make(index, instance);
    if (auto started = player->start(); !started && log_ != nullptr)
        log_->note(factory_.name(index) + "#" + std::to_string(instance),
                   "start failed: " + started.error().message);
    return player;
}

template <typename V>
std::optional<StartFailure> BasicPlayerPool<V>::start_check(std::size_t index) {
    int instance = 0;
    {
        const std::lock_guard lock(mutex_);
        instance = ++created_[index];
    }
    std::unique_ptr<BasicPlayer<V>> player = factory_.make(index, instance);
    if (auto started = player->start(); !started) {
        player->quit();
        return StartFailure{factory_.name(index) + "#" + std::to_string(instance),
                            started.error().message};
    }
    release(index, std::move(player));
    return std::nullopt;
}

template <typename V>
void BasicPlayerPool<V>::release(std::size_t index, std::unique_ptr<BasicPlayer<V>> player) {
    if (!player) return;
    if (factory_.fresh_player_per_game(index)) {
        player->quit();
        return;
    }
    const std::lock_guard lock(mutex_);
    idle_[index].push_back(std::move(player));
}

template <typename V>
void BasicPlayerPool<V>::shutdown() {
    std::vector<std::unique_ptr<BasicPlayer<V>>> all;
    {
        const std::lock_guard lock(mutex_);
        for (auto& idle : idle_) {
            for (auto& p : idle) all.push_back(std::move(p));
            idle.clear();
        }
    }
    for (auto& p : all) p->quit();
}

template <typename V>
int BasicPlayerPool<V>::created(std::size_t index) const {
    const std::lock_guard lock(mutex_);
    return created_[index];
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_PLAYER_POOL(V) template class BasicPlayerPool<rules::V>;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_PLAYER_POOL)
#undef DRAUGHTS_INSTANTIATE_PLAYER_POOL

}  // namespace draughts::harness
