#include "tuner/dataset_label.hpp"

#include <atomic>
#include <mutex>
#include <optional>
#include <thread>

#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/variant_list.hpp"

namespace draughts::tuner {

template <typename V>
Expected<LabelReport> label_dataset(BasicDataset<V>& dataset, const LabelOptions& options) {
    harness::PlayerContext context;
    context.registry = options.registry;
    context.log = options.log;
    auto maker = harness::prepare_engine<V>(options.engine, context);
    if (!maker) return maker.error();
    const int threads = std::max(1, options.concurrency);
    std::vector<std::unique_ptr<harness::BasicPlayer<V>>> players;
    for (int i = 0; i < threads; ++i) {
        players.push_back(maker->make(i + 1));
        if (auto ok = players.back()->start(); !ok) return ok.error();
    }
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> labelled{0};
    std::atomic<std::size_t> without_move{0};
    std::mutex mutex;
    std::optional<Error> failure;
    const auto work = [&](harness::BasicPlayer<V>& player) {
        for (std::size_t i = next++; i < dataset.samples.size(); i = next++) {
            {
                const std::lock_guard lock(mutex);
                if (failure) return;
            }
            BasicSample<V>& sample = dataset.samples[i];
            const auto fail = [&](const std::string& what) {
                const std::lock_guard lock(mutex);
                if (!failure)
                    failure = make_error("sample " + std::to_string(dataset.number(i) + 1) + " (" +
                                         rules::to_fen(sample.position) + "): engine '" +
                                         player.name() + "': " + what);
            };
            rules::BasicMoveList<V> moves;
            generate_moves(sample.position, moves);
            if (moves.empty()) {
                ++without_move;
                continue;
            }
            harness::BasicGameStart<V> start;
            start.start = sample.position;
            start.color = sample.position.side_to_move();
            if (auto ok = player.new_game(start); !ok) return fail(ok.error().message);
            harness::BasicThinkRequest<V> request;
            request.start = sample.position;
            request.position = sample.position;
            request.limits = options.limits;
            if (options.limits.move_time) request.reply_within = *options.limits.move_time + 5.0;
            const auto reply = player.think(request);
            if (reply.failure) return fail(reply.failure->reason);
            if (!reply.score) return fail("it gave no score (no `info score=...`)");
            const bool white = sample.position.side_to_move() == rules::Color::White;
            sample.score = white ? *reply.score : -*reply.score;
            const std::size_t done = ++labelled;
            if (options.progress && done % 1000 == 0) options.progress(done);
        }
    };
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < players.size(); ++t) pool.emplace_back(work, std::ref(*players[t]));
    work(*players[0]);
    for (std::thread& thread : pool) thread.join();
    for (auto& player : players) player->quit();
    if (failure) return *failure;
    return LabelReport{dataset.samples.size(), labelled.load(), without_move.load()};
}

#define DRAUGHTS_INSTANTIATE(Policy)                                                   \
    template Expected<LabelReport> label_dataset(BasicDataset<rules::Policy>& dataset, \
                                                 const LabelOptions& options);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE)
#undef DRAUGHTS_INSTANTIATE

}  // namespace draughts::tuner
