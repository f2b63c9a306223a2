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

}  // namespace
}  // namespace draughts::harness
