// Distributed matches under a real `mpirun` on this machine (issue 15, acceptance 1-3): the
// games do not depend on the number of ranks (also with Hub engines, started by the rank that
// plays), an SPRT stops when it decides with every pair counted once, and a worker killed with
// SIGKILL ends the job, after which `--resume` (without mpirun) completes the run with the games
// and counts of an uninterrupted one (acceptance 3); `mpirun draughts datagen` writes the data
// set of one process, and `mpirun -np 1/2/3 draughts tune` the weights of one process
// (acceptance 4). Skipped in a build without Open MPI.

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <thread>

#include "common/json.hpp"
#include "records/results_folder.hpp"
#include "tests/app/played_games.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::RunResult;

#ifdef DRAUGHTS_MPIRUN
constexpr const char* kMpirun = DRAUGHTS_MPIRUN;
#else
constexpr const char* kMpirun = nullptr;
#endif

class MpiMatch : public ::testing::Test {
  protected:
    void SetUp() override {
        // DRAUGHTS_REQUIRE_MPI=1 (CI sets it): a build or machine without Open MPI fails these
        // tests instead of skipping them silently.
        std::string missing;
        if (kMpirun == nullptr)
            missing = "built without Open MPI";
        else if (!fs::exists(kMpirun))
            missing = std::string(kMpirun) + " not found";
        if (missing.empty()) return;
        const char* required = std::getenv("DRAUGHTS_REQUIRE_MPI");
        if (required != nullptr && std::string(required) == "1") {
            FAIL() << missing << "; DRAUGHTS_REQUIRE_MPI=1 makes this an error";
        } else {
            GTEST_SKIP() << missing << " (DRAUGHTS_REQUIRE_MPI=1 makes this an error)";
        }
    }

    /// A head-to-head configuration of engines `kind` ("builtin" or "hub") at `nodes` per move.
    fs::path config(const std::string& kind, int nodes = 300) const {
        const fs::path configs = testing::source_dir() / "configs";
        std::string text =
            "event: mpi\ntime_control: nodes=" + std::to_string(nodes) +
            "\nconcurrency: 1\nopenings: {file: " + (configs / "openings" / "3move.fen").string() +
            "}\nengines:\n";
        for (const auto& [name, weights] :
             {std::pair{"a", "default.yaml"}, std::pair{"b", "material.yaml"}}) {
            const std::string file = (configs / "engines" / weights).string();
            if (kind == "hub")
                text += std::string("  - {name: ") + name +
                        ", kind: hub, command: " + testing::draughts_binary().string() +
                        ", args: [hub, --weights, " + file + "]}\n";
            else
                text += std::string("  - {name: ") + name + ", weights: " + file + "}\n";
        }
        return folder_.write(kind + ".yaml", text);
    }

    /// `draughts ARGS` under `mpirun -np RANKS` (stdout and stderr apart, as run_draughts),
    /// killed after `limit` seconds (a hung job then fails its test instead of hanging it).
    RunResult mpirun(int ranks, const std::vector<std::string>& args, int limit = 600) const {
        std::vector<std::string> all{"--oversubscribe",
                                     "--bind-to",
                                     "none",
                                     "-np",
                                     std::to_string(ranks),
                                     testing::draughts_binary().string()};
        // Under AddressSanitizer (the asan preset sets ASAN_OPTIONS) the ranks run without leak
        // detection: Open MPI 4 leaves allocations of its dlopen'ed components behind at
        // MPI_Finalize, which are not ours; our code paths are leak-checked by the one-process
        // runs of the same matches.
        if (const char* asan = std::getenv("ASAN_OPTIONS"))
            all.insert(all.begin(),
                       {"-x", std::string("ASAN_OPTIONS=") + asan + ":detect_leaks=0"});
        all.insert(all.end(), args.begin(), args.end());
        std::string command = "cd " + testing::shell_quote(dir_.string()) + " && timeout -s KILL " +
                              std::to_string(limit) + " " + kMpirun;
        for (const auto& a : all) {
            command += ' ';
            command += testing::shell_quote(a);
        }
        command += " >out.txt 2>err.txt";
        RunResult r;
        const int status = std::system(command.c_str());
        r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.out = testing::read_text(dir_ / "out.txt");
        r.err = testing::read_text(dir_ / "err.txt");
        return r;
    }

    Json summary(const std::string& run) const {
        return parse_json(testing::read_text(dir_ / run / kSummaryFile), "summary.json").value();
    }

    testing::TempFolder folder_{"draughts-mpi"};
    const fs::path dir_ = folder_.path();
};

/// What every distributed run must show: rank 0 alone prints, no fork warning, a log per worker.
void expect_clean_output(const RunResult& r, const fs::path& run, int ranks) {
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::size_t reports = 0;
    for (std::size_t at = r.out.find("Results of"); at != std::string::npos;
         at = r.out.find("Results of", at + 1))
        ++reports;
    EXPECT_EQ(reports, 1U) << r.out;
    EXPECT_EQ(r.err.find("fork"), std::string::npos) << r.err;
    for (int rank = 1; rank < ranks; ++rank)
        EXPECT_TRUE(fs::exists(run / ("engines.rank-" + std::to_string(rank) + ".log")));
}

TEST_F(MpiMatch, ThreeRanksPlayTheGamesOfOneProcess) {
    const std::string file = config("builtin").string();
    const RunResult one =
        testing::run_draughts(dir_, {"match", file, "--games", "24", "--output", "one", "--quiet"});
    ASSERT_EQ(one.exit_code, 0) << one.err;
    const RunResult three = mpirun(3, {"match", file, "--games", "24", "--output", "three"});
    expect_clean_output(three, dir_ / "three", 3);
    const auto games = testing::played_games(dir_ / "three");
    EXPECT_EQ(games.size(), 24U);
    EXPECT_EQ(games, testing::played_games(dir_ / "one"));
    const Json s = summary("three");
    EXPECT_EQ(s.at("cluster").at("ranks"), 3);
    EXPECT_GT(s.at("cluster").at("remote_pairs").get<int>(), 0) << "the workers played";
    EXPECT_EQ(s.at("games"), summary("one").at("games"));
}

TEST_F(MpiMatch, HubEnginesStartOnTheRankThatPlays) {
    const std::string file = config("hub").string();
    const RunResult one =
        testing::run_draughts(dir_, {"match", file, "--games", "12", "--output", "one", "--quiet"});
    ASSERT_EQ(one.exit_code, 0) << one.err;
    const RunResult three = mpirun(3, {"match", file, "--games", "12", "--output", "three"});
    expect_clean_output(three, dir_ / "three", 3);
    EXPECT_EQ(testing::played_games(dir_ / "three"), testing::played_games(dir_ / "one"));
    EXPECT_GT(summary("three").at("cluster").at("remote_pairs").get<int>(), 0);
}

TEST_F(MpiMatch, AnSprtStopsWhenItDecidesWithEveryPairCountedOnce) {
    const std::string file = config("builtin").string();
    const std::vector<std::string> sprt{"--games", "400", "--sprt",
                                        "elo0=-50,elo1=50,alpha=0.1,beta=0.1"};
    std::vector<std::string> args{"match", file, "--output", "one", "--quiet"};
    args.insert(args.end(), sprt.begin(), sprt.end());
    const RunResult one = testing::run_draughts(dir_, args);
    args = {"match", file, "--output", "three"};
    args.insert(args.end(), sprt.begin(), sprt.end());
    const RunResult three = mpirun(3, args);
    EXPECT_EQ(three.exit_code, one.exit_code) << three.err;
    const Json s = summary("three");
    EXPECT_EQ(s.at("state"), summary("one").at("state"));
    EXPECT_TRUE(s.at("state") == "sprt_h0" || s.at("state") == "sprt_h1") << s.at("state");
    const auto games = testing::played_games(dir_ / "three");  // fails on a game stored twice
    EXPECT_LT(games.size(), 400U) << "stopped early";
    EXPECT_EQ(s.at("games").get<std::size_t>(), games.size()) << "every recorded game counts";
    // The workers' pairs are among those recorded (this was a tautology, remote + (played -
    // remote) == played, until issue 35).
    const std::size_t played = games.size() / 2;
    const auto remote = s.at("cluster").at("remote_pairs").get<std::size_t>();
    EXPECT_GT(remote, 0U) << "the workers played";
    EXPECT_LE(remote, played);
    // The pairs both runs played are the same games; leases go out in schedule order, so the
    // distributed run recorded a prefix of the schedule but for the pairs still running.
    const auto reference = testing::played_games(dir_ / "one");
    for (const auto& [index, text] : games)
        if (reference.count(index) != 0) {
            EXPECT_EQ(text, reference.at(index)) << index;
        }
}

/// The pid of the `draughts` process of rank `rank` whose command line mentions `text` and the
/// folder `killed`.
std::optional<pid_t> rank_process(int rank, const std::string& text) {
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::string cmdline = testing::read_text(entry.path() / "cmdline");
        std::string environ = testing::read_text(entry.path() / "environ");
        for (char& c : cmdline)
            if (c == '\0') c = ' ';
        if (cmdline.find(text) == std::string::npos ||
            cmdline.find("--output killed") == std::string::npos ||
            cmdline.find("mpiexec") != std::string::npos)
            continue;
        std::string want = "OMPI_COMM_WORLD_RANK=";
        want += std::to_string(rank);
        want.push_back('\0');
        if (environ.find(want) != std::string::npos) return static_cast<pid_t>(std::stoi(name));
    }
    return std::nullopt;
}

TEST_F(MpiMatch, AKilledWorkerEndsTheJobAndResumeCompletesTheRun) {
    // The kill must leave pairs unplayed whatever the machine's speed (at fixed nodes a fast
    // machine finished every game before mpirun ended the job). So the engines are mock Hub
    // engines that think 15 ms per move and pick their moves from the position alone (the games
    // do not depend on timing): 6 pairs at one game at a time on each of 3 ranks, each rank
    // holding a running pair and a leased one from the start. When the first pair is recorded,
    // rank 1 still holds at least one pair it has not finished, and it never will.
    std::string text =
        "event: mpi\ntime_control: nodes=1000\nconcurrency: 1\nadjudication: {max_moves: 30}\n"
        "openings: {file: " +
        (testing::source_dir() / "configs/openings/3move.fen").string() + "}\nengines:\n";
    for (const char* seed : {"1", "2"})
        text += std::string("  - {name: m") + seed +
                ", kind: hub, command: " + testing::mock_binary("hub_normal").string() +
                ", args: [--seed, " + seed + ", --think-ms, 15]}\n";
    const std::string file = folder_.write("slow.yaml", text).string();
    const RunResult whole = testing::run_draughts(
        dir_,
        {"match", file, "--games", "12", "--concurrency", "2", "--output", "whole", "--quiet"});
    ASSERT_EQ(whole.exit_code, 0) << whole.err;
    // Started in the background; rank 1 is killed once some pairs are recorded.
    int job_status = 0;
    std::thread job([&] {
        job_status =
            mpirun(3, {"match", file, "--games", "12", "--output", "killed", "--quiet"}).exit_code;
    });
    const fs::path jsonl = dir_ / "killed" / kJsonlFile;
    const auto give_up = std::chrono::steady_clock::now() + 60s;
    std::optional<pid_t> worker;
    while (std::chrono::steady_clock::now() < give_up) {
        std::error_code ec;
        if (!worker) worker = rank_process(1, dir_.string());
        if (worker && fs::exists(jsonl, ec) && fs::file_size(jsonl, ec) > 0) break;
        std::this_thread::sleep_for(5ms);
    }
    if (worker) ::kill(*worker, SIGKILL);
    job.join();
    ASSERT_TRUE(worker.has_value()) << "rank 1 not found";
    EXPECT_NE(job_status, 0) << "the job ends with its worker";
    const std::string err = testing::read_text(dir_ / "err.txt");
    const auto before = testing::played_games(dir_ / "killed");
    EXPECT_LT(before.size(), 12U) << "the job ended early";
    const RunResult resumed = testing::run_draughts(
        dir_, {"match", "--resume", "killed", "--concurrency", "2", "--quiet"});
    EXPECT_EQ(resumed.exit_code, 0) << resumed.err << "\nmpirun said:\n" << err;
    const auto after = testing::played_games(dir_ / "killed");
    EXPECT_EQ(after, testing::played_games(dir_ / "whole"));
    for (const char* key : {"games", "wins", "losses", "draws"}) {
        if (summary("whole").contains(key)) {
            EXPECT_EQ(summary("killed").at(key), summary("whole").at(key)) << key;
        }
    }
    EXPECT_EQ(summary("killed").at("state"), "completed");
}

TEST_F(MpiMatch, DatagenUnderThreeRanksWritesTheDataSetOfOneProcess) {
    const fs::path book = testing::source_dir() / "configs/openings/3move.fen";
    folder_.write(
        "datagen.yaml",
        // Pairs long enough (1000 nodes per move) that rank 0 cannot play them all before the
        // workers are up, even on a loaded machine.
        "games: 24\nconcurrency: 1\nnodes: 1000\nhash: 1\nopenings: {file: " + book.string() +
            ", random_plies: 2, check_depth: 2}\nadjudication: {max_moves: 60}\n"
            "sampling: {skip_plies: 4, max_per_game: 5, max_score: 4}\n");
    const RunResult one =
        testing::run_draughts(dir_, {"datagen", "datagen.yaml", "--output", "one", "--quiet"});
    ASSERT_EQ(one.exit_code, 0) << one.err;
    const RunResult three = mpirun(3, {"datagen", "datagen.yaml", "--output", "three", "--quiet"});
    ASSERT_EQ(three.exit_code, 0) << three.err;
    EXPECT_EQ(three.err.find("fork"), std::string::npos) << three.err;
    const std::string data = testing::read_text(dir_ / "three" / "positions.txt");
    EXPECT_FALSE(data.empty());
    EXPECT_EQ(data, testing::read_text(dir_ / "one" / "positions.txt"));
    EXPECT_EQ(testing::played_games(dir_ / "three" / "match"),
              testing::played_games(dir_ / "one" / "match"));
    EXPECT_GT(parse_json(testing::read_text(dir_ / "three/match" / kSummaryFile), "summary.json")
                  ->at("cluster")
                  .at("remote_pairs")
                  .get<int>(),
              0);
}

TEST_F(MpiMatch, DatagenUnderTwoRanksWritesTheDataSetOfOneProcessForEachSeed) {
    // Two seeds: each gives its own data set, and two ranks give exactly one process's for it.
    const fs::path book = testing::source_dir() / "configs/openings/3move.fen";
    std::set<std::string> data_sets;
    for (const char* seed : {"7", "8"}) {
        folder_.write("seeded.yaml",
                      std::string("games: 16\nconcurrency: 1\nnodes: 800\nhash: 1\n") +
                          "seed: " + seed + "\nopenings: {file: " + book.string() +
                          ", random_plies: 3, check_depth: 2}\n" +
                          "adjudication: {max_moves: 60}\nsampling: {skip_plies: 4, "
                          "max_per_game: 6, max_score: 4, seed: " +
                          seed + "}\n");
        const std::string one = std::string("one-") + seed;
        const std::string two = std::string("two-") + seed;
        const RunResult alone =
            testing::run_draughts(dir_, {"datagen", "seeded.yaml", "--output", one, "--quiet"});
        ASSERT_EQ(alone.exit_code, 0) << alone.err;
        const RunResult ranks = mpirun(2, {"datagen", "seeded.yaml", "--output", two, "--quiet"});
        ASSERT_EQ(ranks.exit_code, 0) << ranks.err;
        const std::string data = testing::read_text(dir_ / two / "positions.txt");
        EXPECT_FALSE(data.empty());
        EXPECT_EQ(data, testing::read_text(dir_ / one / "positions.txt")) << "seed " << seed;
        data_sets.insert(data);
    }
    EXPECT_EQ(data_sets.size(), 2U) << "the seed must matter";
}

TEST_F(MpiMatch, TuneUnderOneTwoAndThreeRanksGivesTheWeightsOfOneProcess) {
    // A small data set of our own games, then the same tuning run (K fitted, mini-batches, a
    // hold-out set) in one process and under mpirun -np 1, 2 and 3.
    const fs::path book = testing::source_dir() / "configs/openings/3move.fen";
    folder_.write(
        "datagen.yaml",
        "games: 24\nconcurrency: 2\nnodes: 300\nhash: 1\nopenings: {file: " + book.string() +
            ", random_plies: 2, check_depth: 2}\n"
            "sampling: {skip_plies: 4, max_per_game: 8, max_score: 4}\n");
    ASSERT_EQ(
        testing::run_draughts(dir_, {"datagen", "datagen.yaml", "--output", "data", "--quiet"})
            .exit_code,
        0);
    folder_.write("tune.yaml",
                  "data: data/positions.txt\nthreads: 1\nepochs: 3\nlearning_rate: 5\n"
                  "batch_size: 16\nholdout: 0.2\nfreeze: [man]\n");
    const auto tune = [&](int ranks, const std::string& out) {
        const std::vector<std::string> args{"tune", "tune.yaml", "--set", "output=" + out};
        const RunResult r = ranks == 0 ? testing::run_draughts(dir_, args) : mpirun(ranks, args);
        EXPECT_EQ(r.exit_code, 0) << out << ": " << r.err;
        const auto parsed =
            parse_json(testing::read_text(dir_ / out / "summary.json"), "summary.json");
        const Json s = parsed ? *parsed : Json::object();
        // The losses in full precision (JSON keeps every bit of a double) and the weights.
        return dump_json(Json{{"k", s.value("k", Json())},
                              {"train_loss", s.value("train_loss", Json())},
                              {"holdout_loss", s.value("holdout_loss", Json())},
                              {"start_train_loss", s.value("start_train_loss", Json())}}) +
               testing::read_text(dir_ / out / "weights.yaml");
    };
    const std::string plain = tune(0, "plain");
    EXPECT_NE(plain.find("train_loss"), std::string::npos);
    for (int ranks = 1; ranks <= 3; ++ranks) {
        const std::string out = "np" + std::to_string(ranks);
        EXPECT_EQ(tune(ranks, out), plain) << ranks << " ranks";
        EXPECT_TRUE(fs::exists(dir_ / out / "weights.yaml"));
        // Every rank held only its own share of the positions.
        const Json s = *parse_json(testing::read_text(dir_ / out / "summary.json"), out);
        const auto shares = s.at("positions_per_rank").get<std::vector<std::size_t>>();
        const auto positions = s.at("positions").get<std::size_t>();
        ASSERT_EQ(shares.size(), static_cast<std::size_t>(ranks));
        std::size_t total = 0;
        for (const std::size_t share : shares) {
            EXPECT_LE(share, positions / static_cast<std::size_t>(ranks) + positions / 10);
            total += share;
        }
        EXPECT_EQ(total, positions);
    }
    // Two epochs under 3 ranks, resumed for the third under 2 ranks: the checkpoint's
    // fingerprint is of the whole data set, so it fits, and the weights are the same.
    const std::vector<std::string> part{"tune", "tune.yaml", "--set", "output=switched"};
    std::vector<std::string> first = part;
    first.insert(first.end(), {"--set", "epochs=2"});
    ASSERT_EQ(mpirun(3, first).exit_code, 0);
    std::vector<std::string> rest = part;
    rest.push_back("--resume");
    const RunResult resumed = mpirun(2, rest);
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_EQ(testing::read_text(dir_ / "switched" / "weights.yaml"),
              testing::read_text(dir_ / "plain" / "weights.yaml"));
}

TEST_F(MpiMatch, ADamagedRecordInOneRanksShareFailsEveryRankWithItsMessage) {
    // Sample 1 of a binary data set belongs to rank 1 of 3 only: its bad result code must end
    // the whole job with that rank's message (the others must not wait for it forever).
    folder_.write("data.txt",
                  "W:W31-50:B1-20 0.5\nW:W31-50:B1-20 1\nW:W31-50:B1-20 0\nW:W31-50:B1-20 1\n");
    ASSERT_EQ(testing::run_draughts(dir_, {"dataset", "convert", "data.txt", "data.bin"}).exit_code,
              0);
    std::string bytes = testing::read_text(dir_ / "data.bin");
    ASSERT_GT(bytes.size(), 64U + 32U + 30U);
    bytes[64 + 32 + 30] = 7;  // the result byte of sample 1
    folder_.write("data.bin", bytes);
    folder_.write("tune.yaml", "data: data.bin\nthreads: 1\nepochs: 1\nk: 1\n");
    const RunResult r = mpirun(3, {"tune", "tune.yaml", "--set", "output=out"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("data.bin: byte 96: sample 1: result code 7"), std::string::npos) << r.err;
}

// Issue 35, acceptance 2: a failure that rank 0 alone sees (it cannot create the results folder,
// whose path runs through a regular file) ends the whole job promptly with status 2 and a message
// naming it; before, `tune` left the other ranks waiting in their first collective step until the
// job's walltime. The job is killed after 60 s, so a hang fails the test instead of hanging it.
TEST_F(MpiMatch, ATuneWithItsOutputUnderARegularFileExitsTwoWithin30Seconds) {
    folder_.write("afile", "");
    folder_.write("data.txt", "W:W31-50:B1-20 0.5\nW:W31-50:B1-20 1\nW:W31-50:B1-20 0\n");
    folder_.write("tune.yaml", "data: data.txt\nthreads: 1\nepochs: 1\nk: 1\noutput: afile/out\n");
    const auto start = std::chrono::steady_clock::now();
    const RunResult r = mpirun(3, {"tune", "tune.yaml"}, 60);
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_LT(seconds.count(), 30.0);
    EXPECT_NE(r.err.find("draughts tune: rank 0: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("afile/out"), std::string::npos) << r.err;
}

TEST_F(MpiMatch, AMatchWithItsOutputUnderARegularFileExitsTwoWithin30Seconds) {
    folder_.write("afile", "");
    const std::string file = config("builtin").string();
    const auto start = std::chrono::steady_clock::now();
    const RunResult r = mpirun(3, {"match", file, "--games", "4", "--output", "afile/out"}, 60);
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_LT(seconds.count(), 30.0);
    EXPECT_NE(r.err.find("draughts match: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("afile/out"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace draughts::harness
