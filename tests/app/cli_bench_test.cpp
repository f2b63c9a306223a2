// `draughts bench` as a real process: its JSON report carries the same node signature as the
// library's run_bench().

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>

#include "common/json.hpp"
#include "engine/bench.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

std::string run(const std::string& command) {
    std::string out;
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    if (!pipe) return out;
    char buffer[4096];
    while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe.get()))
        out.append(buffer, n);
    return out;
}

TEST(CliBench, JsonReportsTheSignature) {
    const std::string out = run(testing::draughts_binary().string() + " bench --depth 5 --json");
    const std::uint64_t nodes = engine::run_bench(5).nodes;
    const auto json = parse_json(out, "stdout");
    ASSERT_TRUE(json) << json.error().message;
    EXPECT_EQ(json->at("nodes"), nodes) << out;
    EXPECT_EQ(json->at("depth"), 5) << out;
    EXPECT_TRUE(json->at("seconds").is_number()) << out;
}

TEST(CliBench, TextReportsNodesAndSpeed) {
    const std::string out = run(testing::draughts_binary().string() + " bench --depth 4");
    EXPECT_NE(out.find("nodes " + std::to_string(engine::run_bench(4).nodes)), std::string::npos)
        << out;
    EXPECT_NE(out.find("nps"), std::string::npos) << out;
}

TEST(CliBench, ParamsSearchWithTheNamedParameters) {
    engine::SearchParameters search;
    search.quiescence_threats = 2;
    const std::uint64_t nodes =
        engine::run_bench<rules::International>(
            5, 16, engine::builtin_weights<rules::International>(), nullptr, search)
            .nodes;
    ASSERT_NE(nodes, engine::run_bench(5).nodes);
    const std::string out = run(testing::draughts_binary().string() +
                                " bench --depth 5 --json --param search.quiescence_threats=2");
    const auto json = parse_json(out, "stdout");
    ASSERT_TRUE(json) << json.error().message;
    EXPECT_EQ(json->at("nodes"), nodes) << out;
}

TEST(CliBench, RefusesAParameterItDoesNotKnow) {
    const std::string binary = testing::draughts_binary().string();
    const std::string out =
        run(binary + " bench --depth 1 --param search.no_such_thing=3 2>&1; echo exit=$?");
    EXPECT_NE(out.find("search.no_such_thing"), std::string::npos) << out;
    EXPECT_NE(out.find("exit=2"), std::string::npos) << out;
    const std::string bad = run(binary + " bench --depth 1 --param probcut 2>&1; echo exit=$?");
    EXPECT_NE(bad.find("--param probcut: expected KEY.PATH=VALUE"), std::string::npos) << bad;
    EXPECT_NE(bad.find("exit=2"), std::string::npos) << bad;
}

}  // namespace
}  // namespace draughts::harness
