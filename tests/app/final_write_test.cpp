// A failed final write is a failure (docs/exit-statuses.md): a match whose last summary.json or
// report.html cannot be written ends with status 2 and says why, instead of 0 over a stale
// summary; `draughts tune` likewise for its report, summary and weights, and `draughts merge` for
// its output. Each output's name is taken by a folder that
// is not empty, so that its atomic replacement fails at the rename, as on a broken disk.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "tests/support/command_runner.hpp"

namespace draughts::app {
namespace {

namespace fs = std::filesystem;
using testing::RunResult;

class FinalWrite : public ::testing::Test {
  protected:
    RunResult draughts(const std::vector<std::string>& args) const {
        return testing::run_draughts(dir_, args);
    }

    /// A finished 2-game match in `run`.
    void play() const {
        const RunResult r =
            draughts({"match", "--engine", "name=a", "--engine", "name=b", "--nodes", "100",
                      "--games", "2", "--output", "run", "--quiet"});
        ASSERT_EQ(r.exit_code, 0) << r.err;
    }

    /// Makes `name` in the run folder a folder with a file in it.
    void block(const std::string& name) const {
        fs::remove(dir_ / "run" / name);
        fs::create_directories(dir_ / "run" / name);
        folder_.write("run/" + name + "/inside", "x");
    }

    /// `draughts tune` of a one-epoch run into `run`, whose output `name` cannot be written.
    RunResult tune_blocked(const std::string& name) const {
        folder_.write("data.txt",
                      "W:W31-50:B1-20 0.5\nW:W31-50:B1-20 1\nW:W31-50:B1-20 0\nW:W31-50:B1-20 1\n");
        folder_.write("tune.yaml", "data: data.txt\nthreads: 1\nepochs: 1\nk: 1\noutput: run\n");
        fs::create_directories(dir_ / "run");
        block(name);
        return draughts({"tune", "tune.yaml"});
    }

    testing::TempFolder folder_{"draughts-final-write"};
    const fs::path dir_ = folder_.path();
};

TEST_F(FinalWrite, AMatchWhoseSummaryCannotBeWrittenExitsTwo) {
    play();
    block("summary.json");
    const RunResult r = draughts({"match", "--resume", "run", "--games", "4", "--json"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("draughts match: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("summary.json: rename failed"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir_ / "run" / "summary.json.tmp"));
    // The JSON stream's last line says the same.
    const std::string last = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
    const auto json = parse_json(last, "last line");
    ASSERT_TRUE(json) << r.out;
    EXPECT_EQ(json->at("exit_status"), 2);
    EXPECT_FALSE(json->at("write_errors").empty());
}

TEST_F(FinalWrite, AMatchWhoseReportCannotBeWrittenExitsTwo) {
    play();
    block("report.html");
    const RunResult r = draughts({"match", "--resume", "run", "--games", "4", "--quiet"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("draughts match: no report: "), std::string::npos) << r.err;
}

TEST_F(FinalWrite, ATuneWhoseReportCannotBeWrittenExitsTwo) {
    const RunResult r = tune_blocked("report.html");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("draughts tune: no report: "), std::string::npos) << r.err;
}

TEST_F(FinalWrite, ATuneWhoseSummaryCannotBeWrittenExitsTwo) {
    const RunResult r = tune_blocked("summary.json");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("summary.json"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir_ / "run" / "summary.json.tmp"));
}

TEST_F(FinalWrite, ATuneWhoseWeightsCannotBeWrittenExitsTwo) {
    const RunResult r = tune_blocked("weights.yaml");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("weights.yaml"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir_ / "run" / "weights.yaml.tmp"));
}

TEST_F(FinalWrite, AMergeWhoseOutputCannotBeWrittenExitsTwo) {
    play();
    folder_.write("blocker", "a file where the output's parent folder should be");
    const RunResult r = draughts({"merge", "run", "--output", "blocker/merged"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("draughts merge: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("blocker/merged"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace draughts::app
