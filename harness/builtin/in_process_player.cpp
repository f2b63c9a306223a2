#include "harness/builtin/in_process_player.hpp"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "rules/move_notation.hpp"
#include "rules/variant_list.hpp"

namespace draughts::harness {

namespace {

/// Sets `flag` after `seconds` of real time unless destroyed first.
class Watchdog {
  public:
    Watchdog(std::atomic<bool>& flag, double seconds)
        : thread_([this, &flag, seconds](std::stop_token token) {
              std::unique_lock lock(mutex_);
              const auto timeout = std::chrono::duration<double>(seconds);
              if (!wake_.wait_for(lock, token, timeout, [] { return false; })) {
                  if (!token.stop_requested()) flag.store(true);
              }
          }) {}

  private:
    std::mutex mutex_;
    std::condition_variable_any wake_;
    std::jthread thread_;  // last: joined (and woken by its stop token) before the others die
};

}  // namespace

template <typename V>
BasicInProcessPlayer<V>::BasicInProcessPlayer(std::string name,
                                              engine::BasicEngineOptions<V> options)
    : name_(std::move(name)), base_{options.weights, options.search}, engine_(std::move(options)) {}

template <typename V>
Expected<void> BasicInProcessPlayer<V>::set_parameters(const engine::ParameterValues& values) {
    if (values == applied_) return {};
    engine::BasicEngineSettings<V> settings = base_;
    if (auto ok = engine::apply_parameters(settings, values); !ok)
        return make_error("engine '" + name_ + "': " + ok.error().message);
    if (!(settings.weights == engine_.weights())) engine_.set_weights(settings.weights);
    engine_.set_search_parameters(settings.search);
    applied_ = values;
    return {};
}

template <typename V>
Expected<void> BasicInProcessPlayer<V>::new_game(const GameStart&) {
    engine_.new_game();
    return {};
}

template <typename V>
typename BasicInProcessPlayer<V>::ThinkReply BasicInProcessPlayer<V>::think(
    const ThinkRequest& request) {
    stop_.store(false);
    engine::SearchLimits limits = request.limits;
    limits.stop_flag = &stop_;
    try {
        std::optional<Watchdog> watchdog;
        if (request.reply_within) watchdog.emplace(stop_, *request.reply_within);
        const engine::BasicSearchResult<V> result =
            engine_.search(request.position, request.history(), limits);
        if (result.best_move.is_null())
            return ThinkReply::failed(FailureKind::Crash, "the engine returned no move");
        ThinkReply reply = ThinkReply::with_move(result.best_move);
        reply.score = result.score;
        reply.depth = result.depth;
        reply.nodes = result.nodes;
        reply.seconds = result.seconds;
        for (const rules::BasicMove<V>& m : result.pv)
            reply.pv.push_back(rules::to_short_notation(m));
        return reply;
    } catch (const std::exception& e) {
        return ThinkReply::failed(FailureKind::Crash, std::string("engine error: ") + e.what());
    }
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_IN_PROCESS_PLAYER(V) template class BasicInProcessPlayer<rules::V>;
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_IN_PROCESS_PLAYER)
#undef DRAUGHTS_INSTANTIATE_IN_PROCESS_PLAYER

}  // namespace draughts::harness
