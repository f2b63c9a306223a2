// Engines on the command line (issue 13, item 8), through the real program: `draughts match
// --engine ... --each ... --sprt ...` needs no configuration file, its settings are checked and
// named like YAML keys, `args` in one string is split like a shell would, and `draughts game`
// plays any engine a match can play.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "engine/network.hpp"
#include "harness/config/match_config.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;
using testing::RunResult;

class EngineOptions : public ::testing::Test {
  protected:
    RunResult run(const std::vector<std::string>& args) const {
        return testing::run_draughts(dir_.path(), args);
    }
    /// The resolved configuration a run wrote into its results folder.
    MatchConfig stored(const std::string& folder) const {
        const auto config = load_match_config(dir_.path() / folder / "config.yaml", {});
        EXPECT_TRUE(config) << config.error().message;
        return config ? *config : MatchConfig{};
    }
    static std::string weights(const std::string& name) {
        return (testing::source_dir() / "configs" / "engines" / (name + ".yaml")).string();
    }
    static std::string program() { return testing::draughts_binary().string(); }

    testing::TempFolder dir_{"engine_options"};
};

TEST_F(EngineOptions, AMatchOfEnginesGivenOnTheCommandLineNeedsNoFile) {
    const RunResult r = run({"match", "--engine", "name=a", "tc=nodes=200", "--engine", "name=b",
                             "weights=" + weights("material"), "tc=nodes=200", "--each", "hash=4",
                             "--games", "2", "--output", "out", "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const MatchConfig config = stored("out");
    ASSERT_EQ(config.engines.size(), 2u);
    EXPECT_EQ(config.engines[0].name, "a");
    EXPECT_EQ(config.engines[0].time_control, TimeControl{.nodes = 200});
    EXPECT_EQ(config.engines[1].time_control, TimeControl{.nodes = 200});
    EXPECT_EQ(std::get<BuiltinEngine>(config.engines[0].spec).hash_mb, 4);
    EXPECT_EQ(std::get<BuiltinEngine>(config.engines[1].spec),
              (BuiltinEngine{.weights = weights("material"),
                             .hash_mb = 4,
                             .egdb = {},
                             .network = {},
                             .parameters = {}}));
    EXPECT_EQ(testing::split_words(testing::read_text(dir_.path() / "out" / "games.jsonl")).empty(),
              false);
}

// `network=FILE` (docs/network.md): the built-in engine evaluates with the network; the file is
// recorded in the configuration and hashed into the provenance; a network of another variant,
// or no file, is refused naming the engine.
TEST_F(EngineOptions, ABuiltinEngineEvaluatesWithANetworkFile) {
    engine::Network network = engine::Network::zero(rules::Variant::International);
    network.output_bias = engine::kNetworkOutputUnit / 10;
    ASSERT_TRUE(engine::write_network(network, dir_.path() / "net.bin"));
    ASSERT_TRUE(engine::write_network(engine::Network::zero(rules::Variant::Brazilian),
                                      dir_.path() / "brazilian.bin"));
    const RunResult r = run({"match", "--engine", "name=net", "network=net.bin", "tc=nodes=200",
                             "--engine", "name=patterns", "tc=nodes=200", "--each", "hash=4",
                             "--games", "2", "--output", "out", "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const MatchConfig config = stored("out");
    ASSERT_EQ(config.engines.size(), 2u);
    const auto* builtin = std::get_if<BuiltinEngine>(&config.engines[0].spec);
    ASSERT_NE(builtin, nullptr);
    EXPECT_EQ(fs::path(builtin->network), dir_.path() / "net.bin");
    EXPECT_NE(testing::read_text(dir_.path() / "out" / "config.yaml").find("engine 'net' network"),
              std::string::npos);

    const RunResult wrong =
        run({"match", "--engine", "name=net", "network=brazilian.bin", "tc=nodes=200", "--engine",
             "name=patterns", "tc=nodes=200", "--games", "2", "--output", "wrong", "--quiet"});
    EXPECT_EQ(wrong.exit_code, 2);
    EXPECT_NE(wrong.err.find("engine 'net': "), std::string::npos) << wrong.err;
    EXPECT_NE(wrong.err.find("a network for brazilian, not for international"), std::string::npos)
        << wrong.err;
    const RunResult missing =
        run({"match", "--engine", "name=net", "network=none.bin", "tc=nodes=200", "--engine",
             "name=b", "tc=nodes=200", "--games", "2", "--output", "missing", "--quiet"});
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_NE(missing.err.find("no such file"), std::string::npos) << missing.err;
}

TEST_F(EngineOptions, AHubEngineWithArgsInOneStringAndParameters) {
    const RunResult r =
        run({"match", "--engine", "name=h", "proto=hub", "cmd=" + program(), "args=hub --hash 4",
             "option.move-overhead=0.01", "--engine", "name=b", "--each", "tc=nodes=300", "--games",
             "2", "--output", "out", "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const MatchConfig config = stored("out");
    ASSERT_EQ(config.engines.size(), 2u);
    ASSERT_TRUE(std::holds_alternative<HubEngine>(config.engines[0].spec));
    const HubEngine& hub = std::get<HubEngine>(config.engines[0].spec);
    EXPECT_EQ(hub.program.command, program());
    EXPECT_EQ(hub.program.args, (std::vector<std::string>{"hub", "--hash", "4"}));
    EXPECT_EQ(hub.parameters,
              (std::vector<std::pair<std::string, std::string>>{{"move-overhead", "0.01"}}));
    EXPECT_EQ(config.engines[1].time_control, TimeControl{.nodes = 300});
}

TEST_F(EngineOptions, BadSettingsAreNamedByTheirOptionAndNothingIsCreated) {
    const RunResult r = run({"match", "--engine", "name=a", "cmd=no-such-engine-xyz", "proto=hub",
                             "--engine", "name=b", "args=x", "--output", "out"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--engine name=a cmd=no-such-engine-xyz proto=hub: engines[0].command: "
                         "no program 'no-such-engine-xyz' in PATH"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("--engine name=b args=x: engines[1].args: applies to hub and dxp "
                         "engines only"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(dir_.path() / "out"));
    const RunResult no_value = run({"match", "--engine", "name"});
    EXPECT_EQ(no_value.exit_code, 2);
    EXPECT_NE(no_value.err.find("--engine name: expected KEY=VALUE, got 'name'"), std::string::npos)
        << no_value.err;
}

TEST_F(EngineOptions, SprtOptionSwitchesTheTestOn) {
    const RunResult r = run({"match", "--engine", "name=a", "--engine", "name=b", "--sprt",
                             "elo0=-1,elo1=4,model=logistic", "--check"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto config = parse_match_config(r.out, "--check output", "/", {});
    ASSERT_TRUE(config) << config.error().message << "\n" << r.out;
    EXPECT_TRUE(config->sprt.enabled);
    EXPECT_EQ(config->sprt.elo0, -1.0);
    EXPECT_EQ(config->sprt.elo1, 4.0);
    EXPECT_EQ(config->sprt.model, SprtModel::Logistic);
    const RunResult bad = run(
        {"match", "--engine", "name=a", "--engine", "name=b", "--sprt", "elo0=0,elo=5", "--check"});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("--sprt elo0=0,elo=5: sprt.elo: unknown key"), std::string::npos)
        << bad.err;
}

TEST_F(EngineOptions, EngineOptionsAddToAndEachSetsTheEnginesOfAFile) {
    const fs::path file = dir_.path() / "match.yaml";
    dir_.write("match.yaml",
               "tournament: {type: gauntlet}\nengines:\n  - {name: a}\n  - {name: b}\n");
    const RunResult r =
        run({"match", file.string(), "--engine", "name=c", "--each", "hash=8", "--check"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto config = parse_match_config(r.out, "--check output", "/", {});
    ASSERT_TRUE(config) << config.error().message;
    ASSERT_EQ(config->engines.size(), 3u);
    EXPECT_EQ(config->engines[2].name, "c");
    for (const EngineConfig& e : config->engines)
        EXPECT_EQ(std::get<BuiltinEngine>(e.spec).hash_mb, 8) << e.name;
}

TEST_F(EngineOptions, TheGameCommandPlaysAHubEngineGivenBySettings) {
    const RunResult r =
        run({"game", "--white", "name=hubby", "proto=hub", "cmd=" + program(), "args=hub",
             "tc=nodes=500", "--black", "engine", "--tc", "nodes=400", "--max-moves", "6"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("[White \"hubby\"]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("[Black \"engine\"]"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("max_length"), std::string::npos) << r.err;
    const RunResult bad = run({"game", "--white", "proto=hub", "--black", "engine"});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("a hub engine needs a command"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace draughts::harness
