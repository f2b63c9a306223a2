// The `dxp` engine kind of match configurations: every key read, defaults, errors named by key,
// the resolved YAML read back unchanged, and the DxpPlayer the factory makes from it.

#include <gtest/gtest.h>

#include <filesystem>

#include "harness/config/match_config.hpp"
#include "harness/dxp/dxp_player.hpp"
#include "harness/tournament/player_factory.hpp"

namespace draughts::harness {
namespace {

Expected<MatchConfig> parse_dxp_match(const std::string& yaml) {
    return parse_match_config(yaml, "match.yaml", std::filesystem::temp_directory_path(), {});
}

TEST(DxpMatchConfig, ReadsEveryKeyOfADxpEngine) {
    const auto config = parse_dxp_match(R"(engines:
  - name: kingsrow
    kind: dxp
    command: /bin/sh
    args: [-c, "exec engine --connect {host}:{port}"]
    connection: connect
    host: localhost
    port: 27531
    thinking_minutes: 5
    timeouts: {connect: 2, accept_game: 3, game_end: 4, untimed_move: 50, move_margin: 0.5}
    restart: never
  - {name: b}
)");
    ASSERT_TRUE(config) << config.error().message;
    ASSERT_TRUE(std::holds_alternative<DxpEngine>(config->engines[0].spec));
    const DxpEngine& e = std::get<DxpEngine>(config->engines[0].spec);
    EXPECT_EQ(e.program.command, "/bin/sh");
    EXPECT_EQ(e.program.args[1], "exec engine --connect {host}:{port}");
    EXPECT_EQ(e.connection, DxpConnectMode::Connect);
    EXPECT_EQ(e.host, "localhost");
    EXPECT_EQ(e.port, 27531);
    EXPECT_EQ(e.thinking_minutes, 5);
    EXPECT_EQ(e.timeouts.connect, 2.0);
    EXPECT_EQ(e.timeouts.accept_game, 3.0);
    EXPECT_EQ(e.timeouts.game_end, 4.0);
    EXPECT_EQ(e.timeouts.untimed_move, 50.0);
    EXPECT_EQ(e.timeouts.move_margin, 0.5);
    EXPECT_EQ(e.program.restart, RestartPolicy::Never);
}

TEST(DxpMatchConfig, DefaultsListenOnAFreeLoopbackPort) {
    const auto config =
        parse_dxp_match("engines:\n  - {name: a, kind: dxp, command: sh}\n  - {name: b}\n");
    ASSERT_TRUE(config) << config.error().message;
    const DxpEngine& d = std::get<DxpEngine>(config->engines[0].spec);
    EXPECT_EQ(d.timeouts, DxpEngineTimeouts{});
    EXPECT_EQ(d.connection, DxpConnectMode::Listen);
    EXPECT_EQ(d.host, "127.0.0.1");
    EXPECT_EQ(d.port, 0);
    EXPECT_FALSE(d.thinking_minutes);
}

TEST(DxpMatchConfig, AnEngineStartedBySomeoneElseNeedsOnlyAPort) {
    const auto config = parse_dxp_match(
        "engines:\n  - {name: a, kind: dxp, connection: connect, port: 27531}\n"
        "  - {name: b}\n");
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_TRUE(std::get<DxpEngine>(config->engines[0].spec).program.command.empty());
}

TEST(DxpMatchConfig, ResolvedYamlReadsBackTheSame) {
    const auto config = parse_dxp_match(R"(engines:
  - {name: a, kind: dxp, command: sh, args: ["{port}"], thinking_minutes: 9,
     timeouts: {game_end: 0.25, move_margin: 1}}
  - {name: b, kind: dxp, connection: connect, host: "::1", port: 4000}
)");
    ASSERT_TRUE(config) << config.error().message;
    const std::string yaml = to_yaml(*config);
    const auto again = parse_match_config(yaml, "config.yaml", "/", {});
    ASSERT_TRUE(again) << again.error().message << "\n" << yaml;
    EXPECT_EQ(*again, *config) << yaml;
}

TEST(DxpMatchConfig, BadValuesAreNamedByKey) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"engines:\n  - {name: a, kind: dxp, command: sh, connection: both}\n  - {name: b}\n",
         "engines[0].connection: expected one of listen, connect"},
        {"engines:\n  - {name: a, kind: dxp, command: sh, port: 70000}\n  - {name: b}\n",
         "engines[0].port: must be between 0 and 65535"},
        {"engines:\n  - {name: a, kind: dxp, command: sh, thinking_minutes: 0}\n  - {name: b}\n",
         "engines[0].thinking_minutes: must be between 1 and 999"},
        {"engines:\n  - {name: a, kind: dxp, command: sh, parameters: {x: 1}}\n  - {name: b}\n",
         "engines[0].parameters: applies to builtin and hub engines only"},
        {"engines:\n  - {name: a, kind: dxp, command: sh, timeouts: {ping: 1}}\n  - {name: b}\n",
         "engines[0].timeouts.ping: unknown key"},
        {"engines:\n  - {name: a, kind: hub, command: sh, port: 1}\n  - {name: b}\n",
         "engines[0].port: applies to dxp engines only"},
        {"engines:\n  - {name: a, port: 1}\n  - {name: b}\n",
         "engines[0].port: applies to dxp engines only"},
        {"engines:\n  - {name: a, kind: dxp, command: sh, hash: 4}\n  - {name: b}\n",
         "engines[0].hash: applies to builtin engines only"},
        {"concurrency: 2\nengines:\n  - {name: a, kind: dxp, command: sh, port: 4000}\n"
         "  - {name: b}\n",
         "engine 'a' uses the fixed port 4000, so it plays one game at a time"},
    };
    for (const auto& [yaml, expected] : cases) {
        const auto config = parse_dxp_match(yaml);
        ASSERT_FALSE(config) << yaml;
        EXPECT_NE(config.error().message.find(expected), std::string::npos)
            << config.error().message << "\n  wanted: " << expected;
    }
}

TEST(DxpMatchConfig, TheFactoryMakesADxpPlayerWithTheConfiguredName) {
    const auto config =
        parse_dxp_match("engines:\n  - {name: remote, kind: dxp, command: sh}\n  - {name: b}\n");
    ASSERT_TRUE(config) << config.error().message;
    auto factory = PlayerFactory::create(*config, nullptr, nullptr);
    ASSERT_TRUE(factory) << factory.error().message;
    const auto player = factory->make(0, 1);
    ASSERT_NE(dynamic_cast<DxpPlayer*>(player.get()), nullptr);
    EXPECT_EQ(player->name(), "remote");
    EXPECT_EQ(std::get<DxpEngine>(config->engines[0].spec).timeouts.link().game_end,
              std::chrono::milliseconds(5000));
}

}  // namespace
}  // namespace draughts::harness
