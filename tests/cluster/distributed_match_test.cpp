// The coordinator and worker of a distributed match on an in-process cluster (no mpirun): the
// games of every rank are recorded once, and the failure paths end the run with the failing
// rank named and no rank left waiting: a worker that cannot start its engines, a damaged message
// from a worker or from rank 0, a stop with leases outstanding, the stop file, an exception on
// rank 0.

#include "cluster/distributed_match.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>

#include "cluster/match_messages.hpp"
#include "common/json.hpp"
#include "records/results_folder.hpp"
#include "tests/cluster/rank_threads.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::cluster {
namespace {

namespace fs = std::filesystem;
using testing::RankEnd;

/// What rank 0 of a run ended with.
struct RootEnd {
    harness::RunOutcome outcome;
    std::int64_t games = 0;
    CoordinatorStats stats;
};

class DistributedMatch : public ::testing::Test {
  protected:
    /// A match of the built-in engines: `games` games at `nodes` per move, one at a time per rank.
    harness::MatchConfig config(int games, int nodes = 200) const {
        const fs::path configs = testing::source_dir() / "configs";
        const std::string yaml =
            "event: fake\ntime_control: nodes=" + std::to_string(nodes) +
            "\nconcurrency: 1\ntournament: {games: " + std::to_string(games) +
            "}\nopenings: {file: " + (configs / "openings" / "3move.fen").string() +
            "}\nengines:\n  - {name: a, weights: " +
            (configs / "engines" / "default.yaml").string() +
            "}\n  - {name: b, weights: " + (configs / "engines" / "material.yaml").string() +
            "}\noutput: " + run_.string() + "\n";
        auto parsed = harness::parse_match_config(yaml, "test", dir_, {});
        EXPECT_TRUE(parsed) << parsed.error().message;
        return *parsed;
    }

    /// How rank 0 runs: `observer` sees each recorded pair, `stop_file` is the run's, and
    /// `prepared` runs once the folder exists, before the job is handed out.
    struct RootOptions {
        harness::Tournament::Observer observer;
        fs::path stop_file;
        std::function<void()> prepared;
    };

    /// Rank 0 of a match: creates the folder and runs the tournament with the other ranks.
    int run_root(Cluster& cluster, const harness::MatchConfig& config, RootEnd& end,
                 const RootOptions& options = {}) const {
        auto folder = harness::ResultsFolder::create(run_, harness::to_yaml(config));
        if (!folder) throw std::runtime_error(folder.error().message);
        if (options.prepared) options.prepared();
        harness::RunScope scope;
        scope.stop_file = options.stop_file;
        auto t = harness::Tournament::create(config, *folder, {}, nullptr, nullptr, scope);
        if (!t) throw std::runtime_error(t.error().message);
        end.outcome = run_distributed(cluster, **t, config, run_, options.observer, end.stats);
        end.games = (*t)->standings().games();
        return end.outcome.end == harness::RunEnd::Failed ? 2 : 0;
    }

    testing::TempFolder folder_{"draughts-cluster"};
    const fs::path dir_ = folder_.path();
    const fs::path run_ = dir_ / "run";
};

TEST_F(DistributedMatch, ThreeRanksRecordEveryPairOnce) {
    const harness::MatchConfig c = config(16);
    RootEnd root;
    InProcessCluster ranks(3);
    const auto ends = testing::run_ranks(ranks, [&](Cluster& cluster) {
        return cluster.is_root() ? run_root(cluster, c, root) : serve_match(cluster);
    });
    testing::expect_no_hang(ends);
    for (const auto& end : ends) EXPECT_EQ(end.status, 0);
    EXPECT_EQ(root.outcome.end, harness::RunEnd::Completed) << root.outcome.error;
    EXPECT_EQ(root.games, 16);
    const auto stored = harness::read_results(run_);
    ASSERT_TRUE(stored) << stored.error().message;
    EXPECT_EQ(stored->pairs.size(), 8U);
    EXPECT_LE(root.stats.remote_pairs, 8);
}

TEST_F(DistributedMatch, AWorkerThatCannotStartFailsTheRunNamingItsRank) {
    // Rank 2 cannot open its engine log (a folder has its name); ranks 0 and 1 can.
    const harness::MatchConfig c = config(8);
    RootOptions options;
    options.prepared = [&] {
        fs::create_directories(run_ / "engines.rank-2.log");
        folder_.write("run/engines.rank-2.log/inside", "x");
    };
    RootEnd root;
    InProcessCluster ranks(3);
    const auto ends = testing::run_ranks(ranks, [&](Cluster& cluster) {
        return cluster.is_root() ? run_root(cluster, c, root, options) : serve_match(cluster);
    });
    testing::expect_no_hang(ends);
    EXPECT_EQ(root.outcome.end, harness::RunEnd::Failed);
    EXPECT_NE(root.outcome.error.find("rank 2: "), std::string::npos) << root.outcome.error;
    EXPECT_NE(root.outcome.error.find("engines.rank-2.log"), std::string::npos)
        << root.outcome.error;
    EXPECT_EQ(ends[0].status, 2);
    EXPECT_EQ(ends[2].status, 2);
}

/// A worker of our own on rank 1: takes the job, then sends `message` and its last report.
int damaging_worker(Cluster& cluster, const std::string& message) {
    if (cluster.await_job().empty()) return 1;
    cluster.transport().send(0, message);
    cluster.transport().send(0, done_message({}));
    return 0;
}

TEST_F(DistributedMatch, ADamagedMessageFromAWorkerFailsTheRunNamingItsRank) {
    const harness::MatchConfig c = config(8);
    for (const std::string& message :
         {std::string("not json"), std::string(R"({"type":"want","count":"many"})"),
          std::string(R"({"type":"pair","pair":0})"), std::string(R"({"type":"gossip"})")}) {
        fs::remove_all(run_);
        RootEnd root;
        InProcessCluster ranks(2);
        const auto ends = testing::run_ranks(ranks, [&](Cluster& cluster) {
            return cluster.is_root() ? run_root(cluster, c, root)
                                     : damaging_worker(cluster, message);
        });
        testing::expect_no_hang(ends);
        EXPECT_EQ(root.outcome.end, harness::RunEnd::Failed) << message;
        EXPECT_EQ(root.outcome.error.rfind("rank 1: ", 0), 0U)
            << message << ": " << root.outcome.error;
    }
}

/// Rank 0 of our own: hands out the job of `config`, answers the first request for pairs with
/// `lease`, then sends `then` (if any), and returns the worker's last report.
WorkerDone fake_root(Cluster& cluster, const harness::MatchConfig& config,
                     const std::string& folder, const std::string& lease, const std::string& then) {
    cluster.announce(dump_json(Json{{"config", harness::to_yaml(config)}, {"folder", folder}}));
    bool leased = false;
    for (;;) {
        const auto message = cluster.transport().poll();
        if (!message) continue;
        const auto json = parse_message(message->bytes);
        if (!json) throw std::runtime_error(json.error().message);
        const std::string type = message_type(*json);
        if (type == "want") {
            cluster.transport().send(message->from, leased ? lease_message({}) : lease);
            if (!leased && !then.empty()) cluster.transport().send(message->from, then);
            leased = true;
        } else if (type == "done") {
            return read_done(*json).value();
        }
    }
}

TEST_F(DistributedMatch, ADamagedMessageFromRankZeroEndsTheWorkerWithItsReport) {
    const harness::MatchConfig c = config(8);
    fs::create_directories(run_);
    for (const std::string& lease :
         {std::string("{\"type\":"), std::string(R"({"type":"lease","pairs":[-1]})"),
          std::string(R"({"type":"lease","pairs":[4]})"), std::string(R"({"type":"rumour"})")}) {
        WorkerDone done;
        InProcessCluster ranks(2);
        const auto ends = testing::run_ranks(ranks, [&](Cluster& cluster) {
            if (!cluster.is_root()) return serve_match(cluster);
            done = fake_root(cluster, c, run_.string(), lease, "");
            return 0;
        });
        testing::expect_no_hang(ends);
        EXPECT_EQ(ends[1].status, 2) << lease;
        EXPECT_NE(done.error.find("a damaged message from rank 0"), std::string::npos)
            << lease << ": " << done.error;
        EXPECT_EQ(done.played, 0);
    }
}

TEST_F(DistributedMatch, AStopWithLeasesOutstandingDropsThePairsNotStarted) {
    // Five pairs leased at once to a worker that plays one at a time, then a stop: the pair it
    // started is played and reported, the others are dropped, and the counts add up.
    const harness::MatchConfig c = config(10);
    fs::create_directories(run_);
    WorkerDone done;
    InProcessCluster ranks(2);
    const auto ends = testing::run_ranks(ranks, [&](Cluster& cluster) {
        if (!cluster.is_root()) return serve_match(cluster);
        done = fake_root(cluster, c, run_.string(), lease_message(Lease{{0, 1, 2, 3, 4}, {}}),
                         stop_message());
        return 0;
    });
    testing::expect_no_hang(ends);
    EXPECT_EQ(ends[1].status, 0);
    EXPECT_TRUE(done.error.empty()) << done.error;
    EXPECT_GE(done.dropped, 3);
    EXPECT_EQ(done.played + done.dropped, 5);
}

TEST_F(DistributedMatch, TheStopFileStopsEveryRankWithEveryStartedPairCounted) {
    const harness::MatchConfig c = config(40, 400);
    const fs::path stop = dir_ / "stop";
    RootEnd root;
    InProcessCluster ranks(3);
    const auto ends = testing::run_ranks(ranks, [&](Cluster& cluster) {
        if (!cluster.is_root()) return serve_match(cluster);
        // The stop file appears once the first pair is recorded.
        RootOptions options;
        options.observer = [&](const harness::FinishedPair&) {
            if (!fs::exists(stop)) folder_.write("stop", "");
        };
        options.stop_file = stop;
        return run_root(cluster, c, root, options);
    });
    testing::expect_no_hang(ends);
    EXPECT_EQ(root.outcome.end, harness::RunEnd::Stopped) << root.outcome.error;
    const auto stored = harness::read_results(run_);
    ASSERT_TRUE(stored);
    EXPECT_LT(stored->pairs.size(), 20U);
    EXPECT_EQ(root.games, 2 * static_cast<std::int64_t>(stored->pairs.size()));
    // Every pair is recorded or reported as not started.
    EXPECT_EQ(static_cast<std::int64_t>(stored->pairs.size()) + root.outcome.pairs_not_started, 20);
}

TEST_F(DistributedMatch, AnExceptionOnRankZeroEndsEveryRank) {
    // What app/main.cpp does with an exception: end_after_failure, which aborts the job once the
    // workers serve it (they would otherwise wait for leases forever).
    const harness::MatchConfig c = config(40, 400);
    RootEnd root;
    InProcessCluster ranks(3);
    const auto ends = testing::run_ranks(ranks, [&](Cluster& cluster) {
        if (!cluster.is_root()) return serve_match(cluster);
        RootOptions options;
        options.observer = [](const harness::FinishedPair&) { throw std::runtime_error("boom"); };
        try {
            return run_root(cluster, c, root, options);
        } catch (const std::exception&) {
            cluster.end_after_failure(2);
            return 2;
        }
    });
    testing::expect_no_hang(ends);
    for (const auto& end : ends) EXPECT_EQ(end.aborted, 2);
}

}  // namespace
}  // namespace draughts::cluster
