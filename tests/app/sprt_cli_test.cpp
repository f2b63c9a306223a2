// Runs the real `draughts sprt` program: JSON figures, the human-readable report, and errors with
// a non-zero exit status.

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "common/json.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using testing::RunResult;

/// Runs `draughts ARGUMENTS` (blank-separated words) in a scratch folder, with stdout and
/// stderr interleaved in RunResult::out.
RunResult run_draughts(const std::string& arguments) {
    const testing::TempFolder folder("draughts_sprt");
    return testing::run_draughts(folder.path(), testing::split_words(arguments),
                                 testing::StderrMode::MergedIntoOut);
}

/// The value of the first KEY in a JSON value, in document order; nullptr when there is none.
const Json* find_key(const Json& json, const std::string& key) {
    if (json.is_object()) {
        for (const auto& [k, value] : json.items()) {
            if (k == key) return &value;
            if (const Json* found = find_key(value, key)) return found;
        }
    } else if (json.is_array()) {
        for (const Json& value : json)
            if (const Json* found = find_key(value, key)) return found;
    }
    return nullptr;
}

/// The value of the first KEY in the JSON text a command printed (null when missing).
Json json_value(const std::string& text, const std::string& key) {
    const auto json = parse_json(text, "stdout");
    EXPECT_TRUE(json) << json.error().message;
    const Json* found = json ? find_key(*json, key) : nullptr;
    EXPECT_NE(found, nullptr) << key << " missing in " << text;
    return found != nullptr ? *found : Json();
}

/// The number of the first KEY in the JSON text a command printed (NaN when missing or null).
double json_number(const std::string& text, const std::string& key) {
    const Json value = json_value(text, key);
    return value.is_number() ? value.get<double>() : std::nan("");
}

TEST(SprtCommand, JsonHasEveryFigureForGameCounts) {
    const RunResult r =
        run_draughts("sprt --wdl 10871,20431,10650 --elo0 -1.75 --elo1 0.25 --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << "one JSON object on one line";
    EXPECT_NEAR(json_number(r.out, "llr"), 2.30, 0.01);
    EXPECT_NEAR(json_number(r.out, "lower_bound"), -2.944439, 1e-6);
    EXPECT_NEAR(json_number(r.out, "upper_bound"), 2.944439, 1e-6);
    for (const char* key : {"score", "elo", "elo_error", "nelo", "nelo_error", "los", "draw_ratio",
                            "wins", "draws", "losses", "elo0", "elo1", "alpha", "beta"})
        EXPECT_FALSE(std::isnan(json_number(r.out, key))) << key;
    EXPECT_EQ(json_value(r.out, "decision"), "continue") << r.out;
    EXPECT_EQ(json_value(r.out, "model"), "normalized");
}

TEST(SprtCommand, JsonForPairCountsUsesPentanomialSample) {
    const RunResult r = run_draughts(
        "sprt --penta 127,4883,10712,5150,104 --elo0 -1.75 "
        "--elo1 0.25 --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NEAR(json_number(r.out, "llr"), 3.01, 0.01);
    EXPECT_EQ(json_value(r.out, "sample"), "pentanomial");
    EXPECT_EQ(json_value(r.out, "decision"), "accept_h1");
}

TEST(SprtCommand, PairEstimatesMatchPublishedVector) {
    const RunResult r = run_draughts("sprt --penta 332,433,457,41,333,334 --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NEAR(json_number(r.out, "elo"), -8.64, 0.01);
    EXPECT_NEAR(json_number(r.out, "elo_error"), 10.33, 0.01);
    EXPECT_NEAR(json_number(r.out, "nelo"), -9.17, 0.01);
    EXPECT_NEAR(json_number(r.out, "los"), 0.0505, 0.0001);
}

TEST(SprtCommand, BayeseloModelAndRates) {
    const RunResult r = run_draughts(
        "sprt --wdl 3,1,149 --model bayeselo --elo1 10 --alpha 0.01 --beta 0.01 --json");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NEAR(json_number(r.out, "llr"), -4.69, 0.01);
    EXPECT_NEAR(json_number(r.out, "upper_bound"), std::log(0.99 / 0.01), 1e-9);
}

TEST(SprtCommand, TextReportShowsEloLosAndLlr) {
    const RunResult r = run_draughts("sprt --wdl 136,111,96 --elo0 0 --elo1 5");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("Elo: 40.70 +/- 30.43"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("LOS: 99.60 %"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("LLR: "), std::string::npos) << r.out;
}

struct BadInvocation {
    const char* name;
    const char* arguments;
    const char* message_part;
};

class SprtCommandErrors : public ::testing::TestWithParam<BadInvocation> {};

TEST_P(SprtCommandErrors, FailWithMessage) {
    std::string arguments = "sprt ";
    arguments.append(GetParam().arguments);
    const RunResult r = run_draughts(arguments);
    EXPECT_NE(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find(GetParam().message_part), std::string::npos) << r.out;
}

INSTANTIATE_TEST_SUITE_P(
    BadInput, SprtCommandErrors,
    ::testing::Values(BadInvocation{"no_counts", "", "exactly one of"},
                      BadInvocation{"both_counts", "--wdl 1,2,3 --penta 1,2,3,4,5", "exactly one"},
                      BadInvocation{"short_wdl", "--wdl 1,2", "expected W,D,L"},
                      BadInvocation{"negative", "--wdl 1,-2,3", "not a count"},
                      BadInvocation{"text", "--wdl a,b,c", "not a count"},
                      BadInvocation{"short_penta", "--penta 1,2,3", "expected LL,LD"},
                      BadInvocation{"model", "--wdl 1,2,3 --model gsprt", "unknown --model"},
                      BadInvocation{"bayeselo_pairs", "--penta 1,2,3,4,5 --model bayeselo",
                                    "bayeselo"},
                      BadInvocation{"reversed", "--wdl 1,2,3 --elo0 5 --elo1 0", "elo0"},
                      BadInvocation{"alpha", "--wdl 1,2,3 --alpha 1.5", "alpha"},
                      BadInvocation{"not_a_number", "--wdl 1,2,3 --elo1 abc", "elo1"},
                      BadInvocation{"extreme", "--wdl 50,20,30 --elo1 900", "too extreme"}),
    [](const auto& test) { return std::string(test.param.name); });

}  // namespace
}  // namespace draughts::harness
