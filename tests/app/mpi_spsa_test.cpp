// `mpirun -np 3 draughts spsa` (issue 37, acceptance 4): the other ranks play the iterations
// rank 0 leases them, with the values rank 0 gives each pair, and the trajectory is the one of
// a single process, byte for byte. Under DRAUGHTS_REQUIRE_MPI=1 a build without Open MPI fails
// this test instead of skipping it.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "common/json.hpp"
#include "spsa/spsa_state.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::spsa {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::RunResult;

#ifdef DRAUGHTS_MPIRUN
constexpr const char* kMpirun = DRAUGHTS_MPIRUN;
#else
constexpr const char* kMpirun = nullptr;
#endif

bool mpi_required() {
    const char* value = std::getenv("DRAUGHTS_REQUIRE_MPI");
    return value != nullptr && std::string(value) == "1";
}

class MpiSpsa : public ::testing::Test {
  protected:
    void SetUp() override {
        if (kMpirun != nullptr) return;
        if (mpi_required()) FAIL() << "DRAUGHTS_REQUIRE_MPI=1, but this build has no Open MPI";
        GTEST_SKIP() << "built without Open MPI";
    }

    RunResult mpirun(int ranks, const std::vector<std::string>& args) const {
        std::vector<std::string> words{kMpirun, "--oversubscribe",    "--bind-to", "none",
                                       "-np",   std::to_string(ranks)};
        if (const char* asan = std::getenv("ASAN_OPTIONS")) {
            words.emplace_back("-x");
            words.push_back(fmt::format("ASAN_OPTIONS={}:detect_leaks=0", asan));
        }
        words.push_back(testing::draughts_binary().string());
        words.insert(words.end(), args.begin(), args.end());
        std::string command = fmt::format("cd {} &&", testing::shell_quote(dir_.string()));
        for (const auto& word : words) command += fmt::format(" {}", testing::shell_quote(word));
        command += " >out.txt 2>err.txt";
        const int status = std::system(command.c_str());
        return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(dir_ / "out.txt"),
                read_text(dir_ / "err.txt")};
    }

    testing::TempFolder folder_{"draughts-mpi-spsa"};
    const fs::path dir_ = folder_.path();
};

TEST_F(MpiSpsa, ThreeRanksFollowTheTrajectoryOfOneProcess) {
    const fs::path file = folder_.write(
        "spsa.yaml",
        "event: ranks\nengine: {name: mine, kind: builtin, hash: 2}\nparameters:\n"
        "  - {name: search.aspiration_window, start: 125, min: 20, max: 400, c_end: 30, "
        "r_end: 0.005}\n"
        "  - {name: tempo.mg, start: 60, min: 0, max: 200, c_end: 15, r_end: 0.005}\n"
        "iterations: 12\npairs: 2\nwindow: 3\nseed: 4\ntime_control: nodes=300\n"
        "adjudication: {max_moves: 80}\n");
    const RunResult one =
        testing::run_draughts(dir_, {"spsa", file.string(), "--output", "one", "--quiet"});
    ASSERT_EQ(one.exit_code, 0) << one.err;
    const RunResult three = mpirun(3, {"spsa", file.string(), "--output", "three", "--quiet"});
    ASSERT_EQ(three.exit_code, 0) << three.err << three.out;
    EXPECT_EQ(read_text(dir_ / "three" / kCsvFile), read_text(dir_ / "one" / kCsvFile));
    EXPECT_EQ(read_text(dir_ / "three" / "final.yaml"), read_text(dir_ / "one" / "final.yaml"));
    // The other ranks played: their engine logs exist and rank 0 recorded their pairs.
    for (const int rank : {1, 2})
        EXPECT_TRUE(fs::exists(dir_ / "three" / "games" /
                               ("engines.rank-" + std::to_string(rank) + ".log")));
}

}  // namespace
}  // namespace draughts::spsa
