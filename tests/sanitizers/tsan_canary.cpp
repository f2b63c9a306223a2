// Proof that the ThreadSanitizer set-up of `make sanitize` can still see races: a TBB
// parallel_for written like the project's own loops (ForkJoinEdges::traced, joined(), the
// suppressions of tests/tsan.supp). `clean` hands data to and from the tasks as the project
// does and must give no report; `race` also lets every task bump one plain counter and must be
// reported. Built and run only in TSan builds (tests/CMakeLists.txt).
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "common/tsan_annotations.hpp"

int main(int argc, char** argv) {
    const bool race = argc > 1 && std::strcmp(argv[1], "race") == 0;
    std::vector<long> squares(4096, 0);
    long unguarded_total = 0;
    tbb::task_arena arena(2);
    arena.execute([&] {
        const draughts::ForkJoinEdges edges;
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, squares.size(), 16),
                          edges.traced([&](const tbb::blocked_range<std::size_t>& range) {
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
    return 0;
}
