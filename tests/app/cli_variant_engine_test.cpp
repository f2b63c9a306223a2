// `draughts bench --variant` and `draughts hub --variant` as real processes: the 8x8 bench has
// the library's signature, and `draughts hub` plays 8x8 over stdin/stdout and refuses a weight
// file of another variant on its command line.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "common/json.hpp"
#include "engine/bench.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "rules/variant_list.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

/// Runs a shell command; returns its standard output and sets `status` to its exit status.
std::string run(const std::string& command, int& status) {
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) return out;
    char buffer[4096];
    while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
    const int raw = pclose(pipe);
    status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return out;
}

std::string draughts() { return testing::draughts_binary().string(); }

TEST(CliVariantEngine, BenchJsonNamesTheVariantAndItsSignature) {
    int status = 0;
    const std::string out = run(draughts() + " bench --variant russian --depth 5 --json", status);
    ASSERT_EQ(status, 0) << out;
    const auto json = parse_json(out, "stdout");
    ASSERT_TRUE(json) << json.error().message;
    EXPECT_EQ(json->at("variant"), "russian") << out;
    EXPECT_EQ(
        json->at("nodes"),
        engine::run_bench<rules::Russian>(5, 16, engine::BasicEvalWeights<rules::Russian>{}).nodes)
        << out;
}

TEST(CliVariantEngine, BenchRefusesUnknownVariant) {
    int status = 0;
    run(draughts() + " bench --variant checkers 2>/dev/null", status);
    EXPECT_EQ(status, 2);
}

TEST(CliVariantEngine, HubPlaysBrazilianFromItsCommandLineVariant) {
    const std::string input = "hub\\ninit\\npos start\\nlevel depth=4\\ngo think\\n";
    int status = 0;
    const std::string out =
        run("printf '" + input + "' | " + draughts() + " hub --hash 4 --variant brazilian", status);
    ASSERT_EQ(status, 0) << out;
    EXPECT_NE(out.find("param name=variant value=brazilian"), std::string::npos) << out;
    const auto at = out.find("done move=");
    ASSERT_NE(at, std::string::npos) << out;
    const std::string rest = out.substr(at + 10);
    const std::string move = rest.substr(0, rest.find_first_of(" \n"));
    EXPECT_TRUE(rules::parse_move(rules::BasicPosition<rules::Brazilian>::initial(), move)) << move;
}

TEST(CliVariantEngine, HubRefusesWeightsOfAnotherVariant) {
    const auto weights = testing::source_dir() / "configs" / "engines" / "brazilian-default.yaml";
    int status = 0;
    const std::string out =
        run("printf 'quit\\n' | " + draughts() + " hub --variant russian --weights " +
                weights.string() + " 2>&1",
            status);
    EXPECT_EQ(status, 2) << out;
    EXPECT_NE(out.find("brazilian-default.yaml"), std::string::npos) << out;
    EXPECT_NE(out.find("russian"), std::string::npos) << out;
}

}  // namespace
}  // namespace draughts::harness
