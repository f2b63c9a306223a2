// Proof that the ThreadSanitizer set-up of `make sanitize` can still see races: a TBB
// parallel_for written like the project's own loops (ForkJoinEdges::traced, joined(), the
// suppressions of tests/tsan.supp). `clean` hands data to and from the tasks as the project
// does and must give no report; `race` also lets every task bump one plain counter and must be
// reported. Built and run only in TSan builds (tests/CMakeLists.txt).
//
// A race is only seen when two threads run tasks, and on a busy two-core machine the caller can
// finish all the chunks before TBB's worker wakes up (it did once in CI). So in `race` every
// chunk first waits, up to ten seconds, until a second thread has entered the loop; the waiting
// uses relaxed atomics, which give ThreadSanitizer no happens-before edge to hide the race.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "common/tsan_annotations.hpp"

namespace {

/// Counts this thread among those that entered the loop, then waits (relaxed, bounded) for two.
void wait_for_a_second_thread(std::atomic<int>& threads_seen) {
    thread_local bool counted = false;
    if (!counted) {
        counted = true;
        threads_seen.fetch_add(1, std::memory_order_relaxed);
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (threads_seen.load(std::memory_order_relaxed) < 2 &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::yield();
}

}  // namespace

int main(int argc, char** argv) {
    const bool race = argc > 1 && std::strcmp(argv[1], "race") == 0;
    std::vector<long> squares(4096, 0);
    long unguarded_total = 0;
    std::atomic<int> threads_seen{0};
    tbb::task_arena arena(2);
    arena.execute([&] {
        const draughts::ForkJoinEdges edges;
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, squares.size(), 16),
                          edges.traced([&](const tbb::blocked_range<std::size_t>& range) {
                              if (race) wait_for_a_second_thread(threads_seen);
                              for (std::size_t i = range.begin(); i != range.end(); ++i) {
                                  squares[i] = static_cast<long>(i * i);
                                  if (race) ++unguarded_total;  // the deliberate race
                              }
                          }));
        edges.joined();
    });
    long total = 0;
    for (long square : squares) total += square;
    std::printf("sum of squares %ld, unguarded count %ld\n", total, unguarded_total);
    if (race && threads_seen.load() < 2)
        std::printf("only one thread ran the tasks within ten seconds: no race to report\n");
    return 0;
}
