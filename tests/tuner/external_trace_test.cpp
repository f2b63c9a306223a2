// Another engine's evaluation traces (tuner/external_trace.hpp, issue 37, acceptance 5): a trace
// written here for a made-up evaluation with known weights, its results drawn from those weights,
// is fitted back by `draughts tune`'s run to within a tolerance (plain and tapered), and bad
// traces are refused naming the file and the line.

#include "tuner/external_trace.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>

#include "common/file_io.hpp"
#include "common/portable_random.hpp"
#include "tuner/loss.hpp"
#include "tuner/tune_run.hpp"

namespace draughts::tuner {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("external_trace_test_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

/// A trace of `positions` positions of a made-up evaluation: each position has three terms with
/// coefficients in -3..3 (and a phase when tapered), and a result drawn with P(White wins) =
/// sigmoid(e) at K = 1, e the evaluation with the true weights.
std::string made_up_trace(const std::vector<double>& truth, std::size_t terms, bool tapered,
                          std::size_t positions, std::uint64_t seed) {
    PortableRandom random(seed);
    std::string text = std::string(kTraceMagic) + "\n";
    constexpr int kPhases = 24;
    if (tapered) text += "tapered 24\n";
    text += "terms " + std::to_string(terms) + "\n";
    for (std::size_t t = 0; t < terms; ++t) text += "term t" + std::to_string(t) + "\n";
    text += "positions " + std::to_string(positions) + "\n";
    for (std::size_t i = 0; i < positions; ++i) {
        const int phase = static_cast<int>(random.below(kPhases + 1));
        double e = 0.0;
        std::string pairs;
        for (int k = 0; k < 3; ++k) {
            const std::size_t term = random.below(terms);
            const int c = static_cast<int>(random.below(7)) - 3;
            const double share = tapered ? double(phase) / kPhases : 1.0;
            e += tapered ? c * (truth[2 * term] * share + truth[2 * term + 1] * (1 - share))
                         : c * truth[term];
            // Terms by index or by name, as an engine may write either.
            pairs += (k == 1 ? " t" : " ") + std::to_string(term) + ":" + std::to_string(c);
        }
        const bool won = random.uniform() < sigmoid(e, 1.0);
        text += std::string(won ? "1" : "0") + (tapered ? " phase=" + std::to_string(phase) : "") +
                " score=" + std::to_string(static_cast<int>(e)) + pairs + "\n";
    }
    return text;
}

/// The made-up trace written to `dir`/trace.txt and read back (null when either fails).
std::optional<ExternalTrace> written_trace(const fs::path& dir, const std::vector<double>& truth,
                                           std::size_t terms, bool tapered, std::size_t positions,
                                           std::uint64_t seed) {
    const fs::path file = dir / "trace.txt";
    EXPECT_TRUE(write_file_atomically(file, made_up_trace(truth, terms, tapered, positions, seed)));
    auto trace = load_trace(file);
    EXPECT_TRUE(trace) << trace.error().message;
    if (!trace) return std::nullopt;
    return std::move(*trace);
}

TuneConfig config_for(const fs::path& trace, const fs::path& folder) {
    TuneConfig c;
    c.trace = trace.string();
    c.output = folder.string();
    c.k = 1.0;
    c.holdout = 0.1;
    c.epochs = 400;
    c.learning_rate = 40.0;
    c.checkpoint_every = 1000;
    return c;
}

double rms_error(const std::vector<double>& truth, const fs::path& weights,
                 const ExternalTrace& trace) {
    const auto text = read_whole_file(weights);
    EXPECT_TRUE(text);
    double sum = 0.0;
    for (std::size_t p = 0; p < truth.size(); ++p) {
        // weights.yaml: "tN: V" or "tN: {mg: A, eg: B}"
        const std::string term = trace.terms[trace.phases ? p / 2 : p];
        const std::size_t line = text->find("\n" + term + ":");
        EXPECT_NE(line, std::string::npos) << term;
        std::size_t at = text->find(':', line + 1) + 1;
        if (trace.phases) at = text->find(p % 2 == 0 ? "mg:" : "eg:", at) + 3;
        const double fitted = std::stod(text->substr(at));
        sum += (fitted - truth[p]) * (fitted - truth[p]);
    }
    return std::sqrt(sum / static_cast<double>(truth.size()));
}

TEST(ExternalTrace, KnownWeightsAreFittedBack) {
    const std::vector<double> truth{1200, -800, 450, 2000, -1500, 300};
    const fs::path dir = scratch("plain");
    const fs::path file = dir / "trace.txt";
    const auto trace = written_trace(dir, truth, 6, false, 60000, 11);
    ASSERT_TRUE(trace);
    EXPECT_EQ(trace->store.scored_rows(), 60000u);
    const auto summary = run_tuning(config_for(file, dir / "run"), {}, {});
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_LT(rms_error(truth, dir / "run" / "weights.yaml", *trace), 60.0);
    EXPECT_LT(summary->train_loss, summary->start_train_loss);
}

TEST(ExternalTrace, ItsScoresFitTheWeightsBackCloserThanItsResults) {
    // The made-up trace's scores are its true evaluations (rounded to units): with score_weight 1
    // the fit follows them, and the written weights say so.
    const std::vector<double> truth{1200, -800, 450, 2000, -1500, 300};
    const fs::path dir = scratch("scores");
    const fs::path file = dir / "trace.txt";
    const auto trace = written_trace(dir, truth, 6, false, 20000, 13);
    ASSERT_TRUE(trace);
    TuneConfig config = config_for(file, dir / "results");
    ASSERT_TRUE(run_tuning(config, {}, {}));
    const double from_results = rms_error(truth, dir / "results" / "weights.yaml", *trace);
    config = config_for(file, dir / "scores");
    config.score_weight = 1.0;
    const auto summary = run_tuning(config, {}, {});
    ASSERT_TRUE(summary) << summary.error().message;
    const double from_scores = rms_error(truth, dir / "scores" / "weights.yaml", *trace);
    EXPECT_LT(from_scores, from_results / 4) << from_results;
    EXPECT_LT(from_scores, 10.0);
    const std::string weights = *read_whole_file(dir / "scores" / "weights.yaml");
    EXPECT_NE(weights.find(", mse, score weight 1)."), std::string::npos) << weights;
}

TEST(ExternalTrace, AScoreWeightNeedsAScoreOnEveryPosition) {
    const fs::path dir = scratch("unscored");
    const fs::path file = dir / "t.txt";
    ASSERT_TRUE(write_file_atomically(
        file, "draughts-trace 1\nterms 1\nterm a\n1 score=40 a:1\n0 a:-1\n1 score=9 a:2\n"));
    TuneConfig config = config_for(file, dir / "run");
    config.score_weight = 0.5;
    const auto summary = run_tuning(config, {}, {});
    ASSERT_FALSE(summary);
    EXPECT_NE(summary.error().message.find(
                  "t.txt:5: a position without score=S; score_weight 0.5 needs a search score"),
              std::string::npos)
        << summary.error().message;
    config.score_weight = 0.0;
    EXPECT_TRUE(run_tuning(config, {}, {}));
}

TEST(ExternalTrace, KnownTaperedWeightsAreFittedBack) {
    const std::vector<double> truth{1500, 500, -600, -1400, 900, 900};  // mg, eg per term
    const fs::path dir = scratch("tapered");
    const fs::path file = dir / "trace.txt";
    const auto trace = written_trace(dir, truth, 3, true, 60000, 12);
    ASSERT_TRUE(trace);
    ASSERT_EQ(trace->parameter_count(), 6u);
    const auto summary = run_tuning(config_for(file, dir / "run"), {}, {});
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_LT(rms_error(truth, dir / "run" / "weights.yaml", *trace), 80.0);
    const std::string weights = *read_whole_file(dir / "run" / "weights.yaml");
    EXPECT_NE(weights.find("t0: {mg: "), std::string::npos) << weights;
}

TEST(ExternalTrace, BadTracesNameTheFileAndLine) {
    const std::string header = "draughts-trace 1\nterms 2\nterm a 10\nterm b\n";
    const struct {
        std::string text;
        std::string message;
    } table[] = {
        {"draughts-trace 2\n", "t.txt:1: expected the first line 'draughts-trace 1'"},
        {header + "1 a:1 b:2\n0.5 a:1 b",
         "t.txt:6: the last line has no line end (the file is "
         "truncated?)"},
        {header + "1 a:1\n1 2:3\n", "t.txt:6: unknown term 2 (the header names 2 terms, 0 .. 1)"},
        {header + "1 c:3\n", "t.txt:5: unknown term 'c'"},
        {"draughts-trace 1\nterms 3\nterm a\nterm b\n1 a:1\n", "t.txt:5: expected term 3 of 3"},
        {header + "positions 3\n1 a:1\n0 b:2\n", "t.txt: 3 positions announced (line 5), 2 found"},
        {header + "1 phase=3 a:1\n", "t.txt:5: a phase, but the trace is not tapered"},
        {"draughts-trace 1\ntapered 24\nterms 1\nterm a 1 2\n1 a:1\n",
         "t.txt:5: a tapered trace needs phase=P on every position"},
        {header + "2 a:1\n", "t.txt:5: unknown result '2'"},
        {header + "1 a:x\n", "t.txt:5: 'a:x': the value is not a number"},
        {"draughts-trace 1\nterms 2\nterm a\nterm a\n", "t.txt:4: term 'a' is named twice"},
        {header, "t.txt: no positions"},
    };
    for (const auto& row : table) {
        const auto trace = parse_trace(row.text, "t.txt");
        ASSERT_FALSE(trace) << row.text;
        EXPECT_NE(trace.error().message.find(row.message), std::string::npos)
            << "got: " << trace.error().message << "\nwanted: " << row.message;
    }
}

TEST(ExternalTrace, CoefficientsAreFoldedWithThePhase) {
    const auto trace = parse_trace(
        "draughts-trace 1\ntapered 4\nterms 2\nterm a 1 2\nterm b\n1 phase=1 a:2 b:-1 a:1\n", "t");
    ASSERT_TRUE(trace) << trace.error().message;
    EXPECT_EQ(trace->start, (std::vector<double>{1, 2, 0, 0}));
    EXPECT_EQ(trace->parameter_name(1), "a.eg");
    const auto row = trace->store.coefficients(0);
    // a: 3 at phase 1 of 4: 3/4 to mg and 9/4 to eg, in 32nds; b: -1/4 and -3/4.
    ASSERT_EQ(row.size(), 4u);
    EXPECT_EQ(row[0].value, 24);
    EXPECT_EQ(row[1].value, 72);
    EXPECT_EQ(row[2].value, -8);
    EXPECT_EQ(row[3].value, -24);
}

}  // namespace
}  // namespace draughts::tuner
