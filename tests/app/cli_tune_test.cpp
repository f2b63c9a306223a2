// The real `draughts` program: `dataset convert/info` and `tune` (results folder, JSON lines,
// resume equal to an uninterrupted run, configuration and data errors), run as a child process.

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "common/portable_random.hpp"
#include "engine/weights_file.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"
#include "tests/support/test_positions.hpp"
#include "tuner/dataset.hpp"
#include "tuner/loss.hpp"

namespace draughts::tuner {
namespace {

namespace fs = std::filesystem;

using testing::read_text;
using testing::RunResult;
using testing::shell_quote;

/// Samples from random games labelled by material: E[R] = sigmoid(1000 * (material balance)).
std::vector<Sample> material_labelled_samples() {
    PortableRandom random(5);
    std::vector<Sample> out;
    for (const rules::Position& p : engine::test::random_game_positions(40, 90, 17)) {
        const int balance = std::popcount(p.men(rules::Color::White)) -
                            std::popcount(p.men(rules::Color::Black)) +
                            3 * (std::popcount(p.kings(rules::Color::White)) -
                                 std::popcount(p.kings(rules::Color::Black)));
        const double s = sigmoid(1000.0 * balance, 1.0);
        const double u = random.uniform();
        const Outcome result = u < 0.7 * s         ? Outcome::WhiteWin
                               : u < 1.3 * s - 0.3 ? Outcome::Draw
                                                   : Outcome::BlackWin;
        out.push_back({p, result, static_cast<int>(out.size() % 90), std::nullopt});
    }
    return out;
}

/// A folder of its own for each test, removed afterwards.
class TuneCli : public ::testing::Test {
  protected:
    void SetUp() override {
        Dataset d;
        d.samples = material_labelled_samples();
        ASSERT_TRUE(save_dataset(d, dir_ / "data.txt", DatasetFormat::Text));
    }
    fs::path write_file(const std::string& name, const std::string& text) const {
        return folder_.write(name, text);
    }

    /// A tuning configuration in the test folder, reading data.txt and writing `run`.
    fs::path config(const std::string& extra = "") const {
        return write_file("tune.yaml",
                          "data: data.txt\n"
                          "output: run\n"
                          "threads: 1\n"
                          "epochs: 4\n"
                          "learning_rate: 5\n"
                          "holdout: 0.2\n"
                          "freeze: [man]\n"
                          "checkpoint_every: 1\n" +
                              extra);
    }

    /// Runs `draughts ARGS...` in the test's folder.
    RunResult run(const std::vector<std::string>& args) const {
        return testing::run_draughts(dir_, args);
    }

    testing::TempFolder folder_{"draughts_tune_cli"};
    const fs::path dir_ = folder_.path();
};

/// The JSON lines of an output.
std::vector<Json> json_lines(const std::string& out) {
    std::vector<Json> lines;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
        auto json = parse_json(line, "stdout");
        EXPECT_TRUE(json) << line;
        if (json) lines.push_back(*json);
    }
    return lines;
}

std::string event_name(const Json& j) {
    const std::string* e = string_field(j, "event");
    return e != nullptr ? *e : "";
}

double number_of(const Json& j, const char* key) {
    const Json* v = json_field(j, key);
    return v != nullptr && v->is_number() ? v->get<double>() : -1.0;
}

TEST_F(TuneCli, DatasetConvertRoundTripsAndInfoCounts) {
    ASSERT_EQ(run({"dataset", "convert", "data.txt", "data.bin"}).exit_code, 0);
    ASSERT_EQ(run({"dataset", "convert", "data.bin", "back.txt"}).exit_code, 0);
    const auto a = load_dataset(dir_ / "data.txt");
    const auto b = load_dataset(dir_ / "back.txt");
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->samples, b->samples);
    const RunResult info = run({"dataset", "info", "data.bin", "--json"});
    ASSERT_EQ(info.exit_code, 0) << info.err;
    const auto json = parse_json(info.out, "info");
    ASSERT_TRUE(json) << info.out;
    EXPECT_EQ(number_of(*json, "samples"), static_cast<double>(a->samples.size()));
    EXPECT_EQ(number_of(*json, "with_ply"), static_cast<double>(a->samples.size()));
    EXPECT_EQ(json->value("coefficients", true), false);
}

TEST_F(TuneCli, DatasetConvertWithCoefficientsFeedsTuneWithoutResolving) {
    const RunResult convert =
        run({"dataset", "convert", "data.txt", "resolved.bin", "--coefficients", "--json"});
    ASSERT_EQ(convert.exit_code, 0) << convert.err;
    const RunResult info = run({"dataset", "info", "resolved.bin", "--json"});
    const auto json = parse_json(info.out, "info");
    ASSERT_TRUE(json);
    EXPECT_EQ(json->value("coefficients", false), true);
    EXPECT_GT(number_of(*json, "nonzeros_per_position"), 10.0);
    config();
    const RunResult tune = run({"tune", "tune.yaml", "--set", "data=resolved.bin", "--json"});
    ASSERT_EQ(tune.exit_code, 0) << tune.err;
    const auto lines = json_lines(tune.out);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(event_name(lines.front()), "data");
    EXPECT_EQ(lines.front().at("from_cache"), true);
}

TEST_F(TuneCli, TuneWritesJsonLinesAndTheResultsFolder) {
    config("weights_out: tuned.yaml\n");
    const RunResult r = run({"tune", "tune.yaml", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 7u) << r.out;  // data, k, 4 epochs, done
    EXPECT_EQ(event_name(lines[0]), "data");
    EXPECT_EQ(event_name(lines[1]), "k");
    EXPECT_NEAR(number_of(lines[1], "k"), 1.0, 0.5);  // the labels were drawn with K = 1
    for (int e = 0; e < 4; ++e) {
        EXPECT_EQ(event_name(lines[static_cast<std::size_t>(2 + e)]), "epoch");
        EXPECT_EQ(number_of(lines[static_cast<std::size_t>(2 + e)], "epoch"), e + 1);
        EXPECT_GT(number_of(lines[static_cast<std::size_t>(2 + e)], "holdout_loss"), 0.0);
    }
    EXPECT_EQ(event_name(lines[6]), "done");
    for (const char* file :
         {"config.yaml", "loss.csv", "checkpoint.bin", "weights.yaml", "summary.json"})
        EXPECT_TRUE(fs::exists(dir_ / "run" / file)) << file;
    const auto weights = engine::load_weights(dir_ / "run" / "weights.yaml");
    ASSERT_TRUE(weights) << weights.error().message;
    EXPECT_EQ((*weights)[0], 1000);  // man.mg is frozen
    EXPECT_EQ(read_text(dir_ / "tuned.yaml"), read_text(dir_ / "run" / "weights.yaml"));
    const std::string csv = read_text(dir_ / "run" / "loss.csv");
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 5);
    EXPECT_EQ(csv.rfind("epoch,train_loss,holdout_loss,learning_rate,", 0), 0u);
}

TEST_F(TuneCli, ResumeGivesTheWeightsOfAnUninterruptedRun) {
    config();
    ASSERT_EQ(run({"tune", "tune.yaml", "--set", "output=whole"}).exit_code, 0);
    const RunResult first = run({"tune", "tune.yaml", "--set", "epochs=2"});
    ASSERT_EQ(first.exit_code, 0) << first.err;
    const RunResult refused = run({"tune", "tune.yaml"});
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("--resume"), std::string::npos) << refused.err;
    const RunResult resumed = run({"tune", "tune.yaml", "--resume", "--json"});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    const auto lines = json_lines(resumed.out);
    ASSERT_EQ(lines.size(), 5u);  // data, k, epochs 3 and 4, done
    EXPECT_EQ(number_of(lines[2], "epoch"), 3);
    EXPECT_EQ(read_text(dir_ / "run" / "weights.yaml"), read_text(dir_ / "whole" / "weights.yaml"));
    const auto a = parse_json(read_text(dir_ / "run" / "summary.json"), "a");
    const auto b = parse_json(read_text(dir_ / "whole" / "summary.json"), "b");
    ASSERT_TRUE(a && b);
    EXPECT_EQ(number_of(*a, "train_loss"), number_of(*b, "train_loss"));
    EXPECT_EQ(number_of(*a, "holdout_loss"), number_of(*b, "holdout_loss"));
}

TEST_F(TuneCli, ResumeWithAnotherVariantIsRefused) {
    config();
    ASSERT_EQ(run({"tune", "tune.yaml", "--set", "epochs=1"}).exit_code, 0);
    EXPECT_NE(read_text(dir_ / "run" / "config.yaml").find("variant: international"),
              std::string::npos);
    const RunResult refused = run({"tune", "tune.yaml", "--resume", "--set", "variant=brazilian"});
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.err.find("the run being resumed is of international draughts, the "
                               "configuration of brazilian draughts"),
              std::string::npos)
        << refused.err;
}

/// Positions of random Brazilian games, labelled by the side with more pieces.
BasicDataset<rules::Brazilian> brazilian_samples() {
    PortableRandom random(8);
    BasicDataset<rules::Brazilian> d;
    for (int g = 0; g < 20; ++g) {
        auto p = rules::BasicPosition<rules::Brazilian>::initial();
        for (int ply = 0; ply < 50; ++ply) {
            const int balance = std::popcount(p.white()) - std::popcount(p.black());
            const Outcome result = balance > 0   ? Outcome::WhiteWin
                                   : balance < 0 ? Outcome::BlackWin
                                                 : Outcome::Draw;
            d.samples.push_back({p, result, ply, std::nullopt});
            rules::BasicMoveList<rules::Brazilian> moves;
            rules::generate_moves(p, moves);
            if (moves.empty()) break;
            p = p.after(moves[random.below(moves.size())]);
        }
    }
    return d;
}

TEST_F(TuneCli, BrazilianRunWritesEightByEightWeightsAndItsReport) {
    ASSERT_TRUE(save_dataset(brazilian_samples(), dir_ / "brazilian.txt", DatasetFormat::Text));
    config("variant: brazilian\n");
    const RunResult international =
        run({"tune", "tune.yaml", "--set", "data=brazilian.txt", "--set", "variant=international"});
    EXPECT_EQ(international.exit_code, 2);
    EXPECT_NE(international.err.find("a data set of brazilian draughts, but this run is of "
                                     "international draughts"),
              std::string::npos)
        << international.err;
    const RunResult r = run({"tune", "tune.yaml", "--set", "data=brazilian.txt", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(engine::load_weights<rules::Brazilian>(dir_ / "run" / "weights.yaml"));
    EXPECT_FALSE(engine::load_weights(dir_ / "run" / "weights.yaml"));
    const std::string report = read_text(dir_ / "run" / "report.html");
    EXPECT_NE(report.find("this run tuned brazilian weights"), std::string::npos);
    const RunResult info = run({"dataset", "info", "brazilian.txt"});
    ASSERT_EQ(info.exit_code, 0) << info.err;
    EXPECT_NE(info.out.find("brazilian.txt: brazilian, "), std::string::npos) << info.out;
}

/// loss.csv without its two timing columns (seconds, epochs_per_second), which vary by run.
std::string without_timings(const std::string& csv) {
    std::istringstream in(csv);
    std::string out;
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> cells;
        std::istringstream row(line);
        for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
        for (std::size_t i = 0; i < cells.size(); ++i)
            if (i != 4 && i != 5) out += cells[i] + ",";
        out += "\n";
    }
    return out;
}

/// The epoch events of a run's JSON lines, in order.
std::vector<Json> epoch_events(const std::vector<Json>& lines) {
    std::vector<Json> epochs;
    for (const Json& line : lines)
        if (event_name(line) == "epoch") epochs.push_back(line);
    return epochs;
}

TEST_F(TuneCli, EarlyStopKeepsTheBestHoldoutEpochAndResumesExactly) {
    // A large step overfits the small data set: the hold-out loss falls, then rises.
    config("early_stop: 3\n");
    const RunResult r =
        run({"tune", "tune.yaml", "--json", "--set", "learning_rate=30", "--set", "epochs=200"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto lines = json_lines(r.out);
    const Json& done = lines.back();
    ASSERT_EQ(event_name(done), "done") << r.out;
    const int best = static_cast<int>(number_of(done, "best_epoch"));
    const std::vector<Json> epochs = epoch_events(lines);
    ASSERT_GE(best, 1);
    EXPECT_EQ(done.at("stopped_early"), true);
    EXPECT_EQ(done.at("interrupted"), false);
    ASSERT_EQ(epochs.size(), static_cast<std::size_t>(best + 3)) << "three epochs past the best";
    EXPECT_EQ(number_of(done, "epochs"), best + 3);
    // The written weights are the best epoch's: their losses are that epoch's, to the bit.
    const Json& best_event = epochs[static_cast<std::size_t>(best - 1)];
    EXPECT_EQ(number_of(done, "train_loss"), number_of(best_event, "train_loss"));
    EXPECT_EQ(number_of(done, "holdout_loss"), number_of(best_event, "holdout_loss"));
    for (const Json& e : epochs)
        EXPECT_GE(number_of(e, "holdout_loss"), number_of(done, "holdout_loss"));
    const auto summary = parse_json(read_text(dir_ / "run" / "summary.json"), "summary.json");
    ASSERT_TRUE(summary);
    EXPECT_EQ(number_of(*summary, "best_epoch"), best);
    EXPECT_EQ(summary->at("stopped_early"), true);
    const std::string csv = read_text(dir_ / "run" / "loss.csv");
    // The best epoch's row names itself as the best; the last row still names it.
    const std::string best_text = std::to_string(best);
    EXPECT_NE(csv.find(std::string("\n").append(best_text).append(",")), std::string::npos) << csv;
    EXPECT_TRUE(csv.ends_with(std::string(",").append(best_text).append("\n"))) << csv;

    // A run that stops at the best epoch writes the same weights.
    ASSERT_EQ(run({"tune", "tune.yaml", "--set", "output=short", "--set", "learning_rate=30",
                   "--set", "early_stop=0", "--set", "epochs=" + best_text})
                  .exit_code,
              0);
    const auto tuned = engine::load_weights(dir_ / "run" / "weights.yaml");
    const auto short_run = engine::load_weights(dir_ / "short" / "weights.yaml");
    ASSERT_TRUE(tuned && short_run);
    EXPECT_EQ(tuned->values(), short_run->values());
    EXPECT_NE(read_text(dir_ / "run" / "weights.yaml")
                  .find("(epoch " + best_text + " of " + std::to_string(best + 3) +
                        ", the best by hold-out loss"),
              std::string::npos);

    // Interrupted one epoch after the best and resumed, the run ends exactly the same way.
    ASSERT_EQ(run({"tune", "tune.yaml", "--set", "output=part", "--set", "learning_rate=30",
                   "--set", "epochs=" + std::to_string(best + 1)})
                  .exit_code,
              0);
    const RunResult resumed =
        run({"tune", "tune.yaml", "--set", "output=part", "--set", "learning_rate=30", "--set",
             "epochs=200", "--resume", "--json"});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    const auto more = json_lines(resumed.out);
    EXPECT_EQ(epoch_events(more).size(), 2U) << resumed.out;
    EXPECT_EQ(more.back().at("stopped_early"), true);
    EXPECT_EQ(number_of(more.back(), "best_epoch"), best);
    EXPECT_EQ(read_text(dir_ / "part" / "weights.yaml"), read_text(dir_ / "run" / "weights.yaml"));
    EXPECT_EQ(without_timings(read_text(dir_ / "part" / "loss.csv")), without_timings(csv));
}

TEST_F(TuneCli, EarlyStopNeedsAHoldoutSet) {
    config("early_stop: 3\n");
    const RunResult r = run({"tune", "tune.yaml", "--set", "holdout=0"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("early_stop: needs a hold-out set"), std::string::npos) << r.err;
}

TEST_F(TuneCli, InterruptStopsWithACheckpointThatResumes) {
    config();
    // No periodic checkpoint; SIGTERM once an epoch is reported.
    const int status =
        testing::signal_draughts_once(dir_,
                                      {"tune", "tune.yaml", "--json", "--set", "epochs=1000000",
                                       "--set", "checkpoint_every=1000000"},
                                      "epoch", SIGTERM);
    EXPECT_EQ(status, 143) << read_text(dir_ / "stderr.txt");
    const auto lines = json_lines(read_text(dir_ / "stdout.txt"));
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(event_name(lines.back()), "done");
    EXPECT_EQ(lines.back().at("interrupted"), true);
    const int stopped_at = static_cast<int>(number_of(lines.back(), "epochs"));
    EXPECT_GE(stopped_at, 1);
    const RunResult resumed = run({"tune", "tune.yaml", "--resume", "--json", "--set",
                                   "epochs=" + std::to_string(stopped_at + 2)});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    const auto more = json_lines(resumed.out);
    ASSERT_EQ(more.size(), 5u);
    EXPECT_EQ(number_of(more[2], "epoch"), stopped_at + 1);
}

TEST_F(TuneCli, ConfigurationErrorsNameFileLineAndKey) {
    config("epoks: 3\nlearning_rate_decay: 2\n");
    const RunResult r = run({"tune", "tune.yaml"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("tune.yaml:9"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("did you mean 'epochs'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("learning_rate_decay"), std::string::npos) << r.err;
    const RunResult bad_set = run({"tune", "tune.yaml", "--set", "k=-1"});
    EXPECT_NE(bad_set.err.find("--set k=-1"), std::string::npos) << bad_set.err;
    write_file("empty.yaml", "threads: 1\n");
    const RunResult no_data = run({"tune", "empty.yaml"});
    EXPECT_EQ(no_data.exit_code, 2);
    EXPECT_NE(no_data.err.find("'data'"), std::string::npos) << no_data.err;
    const RunResult bad_freeze = run({"tune", "tune.yaml", "--set", "freeze=[mann]"});
    EXPECT_NE(bad_freeze.err.find("unknown parameter 'mann'"), std::string::npos) << bad_freeze.err;
}

TEST_F(TuneCli, DamagedDataIsReportedWithItsOffset) {
    ASSERT_EQ(run({"dataset", "convert", "data.txt", "data.bin"}).exit_code, 0);
    fs::resize_file(dir_ / "data.bin", fs::file_size(dir_ / "data.bin") - 40);
    config();
    const RunResult r = run({"tune", "tune.yaml", "--set", "data=data.bin"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("data.bin: byte "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("truncated"), std::string::npos) << r.err;
    write_file("bad.txt", "W:W31-50:B1-20 1\nW:W31-50:B1-20 3\n");
    const RunResult text = run({"tune", "tune.yaml", "--set", "data=bad.txt"});
    EXPECT_NE(text.err.find("bad.txt:2: unknown result '3'"), std::string::npos) << text.err;
}

}  // namespace
}  // namespace draughts::tuner
