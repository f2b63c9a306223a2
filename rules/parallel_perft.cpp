#include "rules/parallel_perft.hpp"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <utility>
#include <vector>

#include "common/tsan_annotations.hpp"
#include "rules/perft.hpp"
#include "rules/variant.hpp"

namespace draughts::rules {

namespace {

/// Every position `plies` moves deep, one per path (transpositions are kept: perft counts paths).
template <typename V>
std::vector<BasicPosition<V>> frontier(const BasicPosition<V>& root, int plies,
                                       Duplicates duplicates) {
    std::vector<BasicPosition<V>> level{root};
    for (int p = 0; p < plies; ++p) {
        std::vector<BasicPosition<V>> next;
        for (const BasicPosition<V>& position : level) {
            BasicMoveList<V> moves;
            generate_moves(position, moves, duplicates);
            for (const BasicMove<V>& m : moves) next.push_back(position.after(m));
        }
        level = std::move(next);
    }
    return level;
}

}  // namespace

template <typename V>
std::uint64_t parallel_perft(const BasicPosition<V>& root, int depth, int threads,
                             Duplicates duplicates) {
    if (threads <= 1 || depth < 4) return rules::perft(root, depth, duplicates);
    // Some hundreds of subtrees (three plies from the start position: 658) keep every worker busy
    // to the end while each task stays large enough that scheduling costs nothing.
    const int split = depth >= 7 ? 3 : 2;
    const std::vector<BasicPosition<V>> tasks = frontier(root, split, duplicates);
    std::atomic<std::uint64_t> total{0};
    tbb::task_arena arena(threads);
    // The tasks read the frontier built above: TSan cannot see TBB's fork (see the header).
    const ForkJoinEdges edges;
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, tasks.size(), 1),
                          edges.traced([&](const tbb::blocked_range<std::size_t>& range) {
                              std::uint64_t sum = 0;
                              for (std::size_t i = range.begin(); i != range.end(); ++i)
                                  sum += rules::perft(tasks[i], depth - split, duplicates);
                              total.fetch_add(sum, std::memory_order_relaxed);
                          }));
    });
    edges.joined();
    return total.load();
}

// One line per variant of rules/variant_list.hpp.
#define DRAUGHTS_INSTANTIATE_PARALLEL_PERFT(V) \
    template std::uint64_t parallel_perft(const BasicPosition<V>&, int, int, Duplicates);
DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_INSTANTIATE_PARALLEL_PERFT)
#undef DRAUGHTS_INSTANTIATE_PARALLEL_PERFT

}  // namespace draughts::rules
