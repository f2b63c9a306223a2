#include "rules/parallel_perft.hpp"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <utility>
#include <vector>

#include "common/tsan_annotations.hpp"
#include "rules/perft.hpp"

namespace draughts::rules {

namespace {

using rules::Duplicates;
using rules::Position;

/// Every position `plies` moves deep, one per path (transpositions are kept: perft counts paths).
std::vector<Position> frontier(const Position& root, int plies, Duplicates duplicates) {
    std::vector<Position> level{root};
    for (int p = 0; p < plies; ++p) {
        std::vector<Position> next;
        for (const Position& position : level) {
            rules::MoveList moves;
            rules::generate_moves(position, moves, duplicates);
            for (const rules::Move& m : moves) next.push_back(position.after(m));
        }
        level = std::move(next);
    }
    return level;
}

}  // namespace

std::uint64_t parallel_perft(const Position& root, int depth, int threads, Duplicates duplicates) {
    if (threads <= 1 || depth < 4) return rules::perft(root, depth, duplicates);
    // Some hundreds of subtrees (three plies from the start position: 658) keep every worker busy
    // to the end while each task stays large enough that scheduling costs nothing.
    const int split = depth >= 7 ? 3 : 2;
    const std::vector<Position> tasks = frontier(root, split, duplicates);
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

}  // namespace draughts::rules
