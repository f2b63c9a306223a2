// The real `draughts train-network` (tuner/network_run.hpp), run as a child process: its folder
// and JSON lines, a network the engine reads, a run stopped and resumed that writes the network
// of an uninterrupted run, the variant taken from the data set, and its errors.

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "engine/network.hpp"
#include "rules/fen.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/material_samples.hpp"
#include "tuner/dataset.hpp"

namespace draughts::tuner {
namespace {

namespace fs = std::filesystem;

using testing::read_text;
using testing::RunResult;

class TrainNetworkCli : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_TRUE(save_dataset(test::material_scored_dataset(40, 9), dir_ / "data.txt",
                                 DatasetFormat::Text));
    }

    RunResult run(std::vector<std::string> args) const {
        args.insert(args.begin(), "train-network");
        return testing::run_draughts(dir_, args);
    }

    static std::vector<std::string> common(const std::string& output, int epochs) {
        return {"data.txt", "--output",  output, "--epochs", std::to_string(epochs),
                "--batch",  "256",       "--lr", "0.003",    "--score-weight",
                "1",        "--holdout", "0.2"};
    }

    testing::TempFolder folder_{"draughts_train_network_cli"};
    const fs::path dir_ = folder_.path();
};

TEST_F(TrainNetworkCli, WritesTheFolderJsonLinesAndANetworkTheEngineReads) {
    std::vector<std::string> args = common("run", 6);
    args.push_back("--json");
    const RunResult r = run(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::istringstream lines(r.out);
    std::vector<Json> events;
    for (std::string line; std::getline(lines, line);) {
        auto json = parse_json(line, "stdout");
        ASSERT_TRUE(json) << line;
        events.push_back(*json);
    }
    ASSERT_EQ(events.size(), 8U) << r.out;
    EXPECT_EQ(events[0]["event"], "data");
    EXPECT_EQ(events[0]["variant"], "international");
    EXPECT_GT(events[0]["train"].get<int>(), 2000);
    for (int e = 1; e <= 6; ++e) {
        EXPECT_EQ(events[static_cast<std::size_t>(e)]["event"], "epoch");
        EXPECT_EQ(events[static_cast<std::size_t>(e)]["epoch"], e);
    }
    EXPECT_EQ(events[7]["event"], "done");
    EXPECT_EQ(events[7]["saturated_weights"], 0);
    EXPECT_LT(events[6]["holdout_loss"].get<double>(), events[1]["holdout_loss"].get<double>());

    for (const char* file :
         {"checkpoint.bin", "curve.jsonl", "network.bin", "summary.json", "report.html"})
        EXPECT_TRUE(fs::exists(dir_ / "run" / file)) << file;
    EXPECT_NE(read_text(dir_ / "run" / "report.html").find("Training and hold-out loss per epoch"),
              std::string::npos);
    const auto network =
        engine::read_network(dir_ / "run" / "network.bin", rules::Variant::International);
    ASSERT_TRUE(network) << network.error().message;
    // A man more is worth more than a man less (the data's scores: a man is 1000 units).
    const auto up = rules::parse_fen("W:W31-50:B2-20");
    const auto down = rules::parse_fen("W:W32-50:B1-20");
    ASSERT_TRUE(up && down);
    EXPECT_GT(engine::evaluate_network(*up, *network) - engine::evaluate_network(*down, *network),
              300);
    const auto summary = parse_json(read_text(dir_ / "run" / "summary.json"), "summary.json");
    ASSERT_TRUE(summary);
    EXPECT_EQ((*summary)["epochs"], 6);
    EXPECT_LT((*summary)["quantisation_error_mean"].get<double>(), 5.0);
    std::istringstream curve(read_text(dir_ / "run" / "curve.jsonl"));
    int curve_lines = 0;
    for (std::string line; std::getline(curve, line);) ++curve_lines;
    EXPECT_EQ(curve_lines, 6);
}

TEST_F(TrainNetworkCli, AResumedRunWritesTheNetworkOfAnUninterruptedRun) {
    ASSERT_EQ(run(common("whole", 3)).exit_code, 0);
    ASSERT_EQ(run(common("parts", 1)).exit_code, 0);
    const RunResult refused = run(common("parts", 3));
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("holds a checkpoint of an earlier run: pass --resume"),
              std::string::npos)
        << refused.err;
    std::vector<std::string> resume = common("parts", 3);
    resume.push_back("--resume");
    const RunResult resumed = run(resume);
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_EQ(read_text(dir_ / "parts" / "network.bin"), read_text(dir_ / "whole" / "network.bin"));
    // Other settings are another run: refused.
    std::vector<std::string> other = common("parts", 4);
    other.insert(other.end(), {"--resume", "--seed", "5"});
    const RunResult mismatch = run(other);
    EXPECT_EQ(mismatch.exit_code, 2);
    EXPECT_NE(mismatch.err.find("checkpoint.bin: the checkpoint belongs to another run"),
              std::string::npos)
        << mismatch.err;
}

TEST_F(TrainNetworkCli, SigtermStopsAfterTheEpochWithTheBestNetworkAndExits143) {
    const int status =
        testing::signal_draughts_once(dir_,
                                      {"train-network", "data.txt", "--output", "run", "--epochs",
                                       "100000", "--batch", "64", "--json"},
                                      "epoch", SIGTERM);
    EXPECT_EQ(status, 143) << read_text(dir_ / "stderr.txt");
    std::istringstream lines(read_text(dir_ / "stdout.txt"));
    std::string line, last;
    while (std::getline(lines, line))
        if (!line.empty()) last = line;
    const auto done = parse_json(last, "stdout.txt");
    ASSERT_TRUE(done) << last;
    EXPECT_EQ((*done)["event"], "done");
    EXPECT_EQ((*done)["interrupted"], true);
    const int stopped_at = (*done)["epochs"].get<int>();
    EXPECT_GE(stopped_at, 1);
    for (const char* file : {"network.bin", "summary.json", "report.html"})
        EXPECT_TRUE(fs::exists(dir_ / "run" / file)) << file;
    EXPECT_TRUE(engine::read_network(dir_ / "run" / "network.bin", rules::Variant::International));
    // --resume continues from the checkpoint.
    const RunResult resumed =
        run({"data.txt", "--output", "run", "--epochs", std::to_string(stopped_at + 1), "--batch",
             "64", "--resume", "--json"});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_NE(resumed.out.find("\"epoch\":" + std::to_string(stopped_at + 1)), std::string::npos)
        << resumed.out;
}

TEST_F(TrainNetworkCli, TheDataSetNamesTheVariant) {
    folder_.write("brazilian.txt",
                  "# variant: brazilian\n"
                  "W:W21-32:B1-12 0.5\n"
                  "B:W21-32:B1-11,16 0.5\n"
                  "W:W22-32:B1-12 0\n");
    const RunResult r = run({"brazilian.txt", "--output", "br", "--epochs", "1", "--holdout", "0"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(engine::read_network(dir_ / "br" / "network.bin", rules::Variant::Brazilian));
    const auto wrong =
        engine::read_network(dir_ / "br" / "network.bin", rules::Variant::International);
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().message.find("a network for brazilian, not for international"),
              std::string::npos);
}

TEST_F(TrainNetworkCli, ErrorsNameTheFile) {
    const RunResult missing = run({"nothing.txt", "--output", "x"});
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_NE(missing.err.find("nothing.txt"), std::string::npos) << missing.err;
    folder_.write("bad.txt", "W:W31-50:B1-20 1\nW:W31-50:B1-20 maybe\n");
    const RunResult bad = run({"bad.txt", "--output", "y"});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("bad.txt:2"), std::string::npos) << bad.err;
    EXPECT_FALSE(fs::exists(dir_ / "y" / "network.bin"));
    const RunResult no_output = run({"data.txt"});
    EXPECT_EQ(no_output.exit_code, 2);
}

}  // namespace
}  // namespace draughts::tuner
