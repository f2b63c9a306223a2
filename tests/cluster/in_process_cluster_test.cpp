// The in-process cluster the coordinator and worker tests run on: messages arrive in order,
// broadcast and sum meet across the ranks, and what would hang a real cluster (a rank waiting in
// a collective step another rank never joins, mismatched steps) is reported instead of hanging.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cluster/in_process_transport.hpp"
#include "tests/cluster/rank_threads.hpp"

namespace draughts::cluster {
namespace {

using namespace std::chrono_literals;

TEST(InProcessCluster, MessagesBroadcastAndSumsMeetAcrossTheRanks) {
    InProcessCluster ranks(3);
    const auto ends = testing::run_ranks(ranks, [](Cluster& c) {
        const std::string job = c.is_root() ? "job" : "";
        if (c.transport().broadcast(job) != "job") return 1;
        std::vector<std::int64_t> values{c.rank(), 1};
        c.transport().sum(values);
        if (values != std::vector<std::int64_t>{0 + 1 + 2, 3}) return 2;
        // "a1" and then "b1" from rank 1, the same from rank 2 (appended, not "a" + text: GCC
        // 12 warns falsely about the concatenation).
        const auto text = [](char letter, int rank) {
            std::string out(1, letter);
            out += std::to_string(rank);
            return out;
        };
        if (c.rank() != 0) {
            c.transport().send(0, text('a', c.rank()));
            c.transport().send(0, text('b', c.rank()));
            return 0;
        }
        std::vector<Message> got;
        while (got.size() < 4)
            if (auto m = c.transport().poll()) got.push_back(*m);
        // Per sender in the order sent.
        for (int r = 1; r <= 2; ++r) {
            const auto at = [&](char letter) {
                return std::find_if(got.begin(), got.end(), [&](const Message& m) {
                    return m.from == r && m.bytes == text(letter, r);
                });
            };
            if (at('a') == got.end() || at('b') == got.end() || at('b') < at('a')) return 3;
        }
        return 0;
    });
    for (const auto& end : ends) EXPECT_EQ(end.status, 0) << end.hang << end.exception;
}

TEST(InProcessCluster, ARankThatEndsWhileOthersWaitInACollectiveIsAHang) {
    InProcessCluster ranks(3);
    const auto ends = testing::run_ranks(ranks, [](Cluster& c) {
        if (c.is_root()) return 2;  // gives up alone, as a rank-0-only failure did
        std::vector<std::int64_t> values{1};
        c.transport().sum(values);
        return 0;
    });
    EXPECT_EQ(ends[0].status, 2);
    for (int r = 1; r <= 2; ++r)
        EXPECT_NE(ends[static_cast<std::size_t>(r)].hang.find("will never join"), std::string::npos)
            << r;
}

TEST(InProcessCluster, MismatchedCollectiveStepsAreAHang) {
    InProcessCluster ranks(2);
    const auto ends = testing::run_ranks(ranks, [](Cluster& c) {
        std::vector<std::int64_t> values(c.is_root() ? 1 : 2, 0);
        c.transport().sum(values);
        return 0;
    });
    EXPECT_TRUE(!ends[0].hang.empty() || !ends[1].hang.empty());
}

TEST(InProcessCluster, PollingWithEveryOtherRankEndedIsAHang) {
    InProcessCluster ranks(2, 50ms);
    const auto ends = testing::run_ranks(ranks, [](Cluster& c) {
        if (c.is_root()) return 0;
        for (;;) (void)c.transport().poll();  // waits for rank 0, which has ended
    });
    EXPECT_NE(ends[1].hang.find("every other rank has ended"), std::string::npos) << ends[1].hang;
}

TEST(InProcessCluster, AbortEndsEveryRankWithItsStatus) {
    InProcessCluster ranks(3);
    const auto ends = testing::run_ranks(ranks, [](Cluster& c) {
        if (c.is_root()) c.transport().abort(2);
        std::vector<std::int64_t> values{1};
        c.transport().sum(values);  // never completes: rank 0 aborted
        return 0;
    });
    for (const auto& end : ends) EXPECT_EQ(end.aborted, 2) << end.hang << end.exception;
    EXPECT_EQ(ranks.aborted_status(), 2);
}

// Cluster::end_after_failure (what app/main.cpp does after an exception): before a job is handed
// out, rank 0 releases the others, which end normally; once the ranks work together, the job is
// aborted with the status.
TEST(InProcessCluster, AFailureBeforeTheJobReleasesTheOthers) {
    InProcessCluster ranks(3);
    const auto ends = testing::run_ranks(ranks, [](Cluster& c) {
        if (!c.is_root()) return c.await_job().empty() ? 0 : 1;
        c.end_after_failure(2);
        return 2;
    });
    EXPECT_EQ(ends[0].status, 2);
    EXPECT_EQ(ends[1].status, 0);
    EXPECT_EQ(ends[2].status, 0);
}

TEST(InProcessCluster, AFailureAfterTheJobAbortsEveryRank) {
    InProcessCluster ranks(3);
    const auto ends = testing::run_ranks(ranks, [](Cluster& c) {
        if (!c.is_root()) {
            if (c.await_job().empty()) return 1;
            for (;;) (void)c.transport().poll();  // serves rank 0 until told otherwise
        }
        c.announce("job");
        c.end_after_failure(2);
        return 2;
    });
    for (const auto& end : ends) EXPECT_EQ(end.aborted, 2) << end.hang << end.exception;
}

}  // namespace
}  // namespace draughts::cluster
