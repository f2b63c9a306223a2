// A distributed tuning run on an in-process cluster (no mpirun): every rank takes the steps of
// one process, and a failure that one rank sees alone (rank 0 cannot create its folder or write
// a checkpoint) is every rank's error, named with its rank, at the next collective step: no rank
// is left waiting for another that gave up (issue 35; under mpirun such a job hung until its
// walltime).

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>

#include "cluster/transport_partition.hpp"
#include "tests/cluster/rank_threads.hpp"
#include "tests/support/command_runner.hpp"
#include "tuner/tune_run.hpp"

namespace draughts::cluster {
namespace {

namespace fs = std::filesystem;

class DistributedTune : public ::testing::Test {
  protected:
    void SetUp() override {
        std::string data;
        for (const char* line :
             {"W:W31-50:B1-20 0.5", "W:W31,32,33,34:B1,2,3 1", "B:W40,41,42:B10,11,12,13 0",
              "W:W28,32,33:B12,19,K23 1", "B:W30,35,K2:B5,6,7 0", "W:W31-40:B11-20 0.5"})
            data += std::string(line) + "\n";
        folder_.write("data.txt", data);
    }

    tuner::TuneConfig config(const std::string& output) const {
        auto c = tuner::parse_tune_config("data: " + (dir_ / "data.txt").string() +
                                              "\nthreads: 1\nepochs: 3\nk: 1\nlearning_rate: 5\n"
                                              "checkpoint_every: 1\noutput: " +
                                              (dir_ / output).string() + "\n",
                                          "test", dir_, {});
        EXPECT_TRUE(c) << c.error().message;
        return *c;
    }

    /// Every rank's result of a distributed run of `c`.
    std::vector<std::string> run(int ranks_count, const tuner::TuneConfig& c,
                                 std::vector<testing::RankEnd>& ends) const {
        std::vector<std::string> errors(static_cast<std::size_t>(ranks_count));
        InProcessCluster ranks(ranks_count);
        ends = testing::run_ranks(ranks, [&](Cluster& cluster) {
            cluster.engage();
            const TransportPartition partition(cluster.transport());
            const tuner::TuneRunOptions options{false, nullptr, &partition, cluster.is_root()};
            const auto summary = tuner::run_tuning(c, options, {});
            if (!summary)
                errors[static_cast<std::size_t>(cluster.rank())] = summary.error().message;
            return summary ? 0 : 2;
        });
        return errors;
    }

    testing::TempFolder folder_{"draughts-cluster-tune"};
    const fs::path dir_ = folder_.path();
};

TEST_F(DistributedTune, ThreeRanksWriteTheWeightsOfOneProcess) {
    const auto plain = tuner::run_tuning(config("plain"), {}, {});
    ASSERT_TRUE(plain) << plain.error().message;
    std::vector<testing::RankEnd> ends;
    const auto errors = run(3, config("three"), ends);
    testing::expect_no_hang(ends);
    for (const auto& error : errors) EXPECT_TRUE(error.empty()) << error;
    EXPECT_EQ(testing::read_text(dir_ / "three" / "weights.yaml"),
              testing::read_text(dir_ / "plain" / "weights.yaml"));
}

TEST_F(DistributedTune, AnOutputUnderARegularFileFailsEveryRankWithRankZerosMessage) {
    folder_.write("afile", "");
    std::vector<testing::RankEnd> ends;
    const auto errors = run(3, config("afile/out"), ends);
    testing::expect_no_hang(ends);
    for (std::size_t r = 0; r < errors.size(); ++r) {
        EXPECT_EQ(ends[r].status, 2) << r;
        EXPECT_EQ(errors[r].rfind("rank 0: ", 0), 0U) << r << ": " << errors[r];
        EXPECT_NE(errors[r].find("afile/out"), std::string::npos) << errors[r];
    }
}

TEST_F(DistributedTune, ACheckpointRankZeroCannotWriteFailsEveryRank) {
    // The loss curve's name is taken by a folder that is not empty: the first checkpoint fails.
    fs::create_directories(dir_ / "run" / "loss.csv");
    folder_.write("run/loss.csv/inside", "x");
    std::vector<testing::RankEnd> ends;
    const auto errors = run(3, config("run"), ends);
    testing::expect_no_hang(ends);
    for (std::size_t r = 0; r < errors.size(); ++r) {
        EXPECT_EQ(ends[r].status, 2) << r;
        EXPECT_EQ(errors[r].rfind("rank 0: ", 0), 0U) << r << ": " << errors[r];
        EXPECT_NE(errors[r].find("loss.csv"), std::string::npos) << errors[r];
    }
}

}  // namespace
}  // namespace draughts::cluster
