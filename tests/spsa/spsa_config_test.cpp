// The SPSA configuration: defaults, every key read back from what to_yaml writes, and bad input
// named by file, line and key (acceptance: a start outside [min, max], min >= max, c_end <= 0).

#include "spsa/spsa_config.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace draughts::spsa {
namespace {

Expected<SpsaConfig> parse(const std::string& yaml) {
    return parse_spsa_config(yaml, "spsa.yaml", std::filesystem::current_path(), {});
}

constexpr const char* kTwoParameters = R"(event: tune
engine: {name: mine, kind: builtin, hash: 4}
parameters:
  - {name: search.aspiration_window, type: int, start: 125, min: 20, max: 400, c_end: 20, r_end: 0.002}
  - {name: time.hard_factor, type: float, start: 3.5, min: 1, max: 6, c_end: 0.3, r_end: 0.002}
iterations: 500
pairs: 2
window: 4
A: 30
seed: 9
concurrency: 3
time_control: nodes=3000
adjudication: {max_moves: 90}
verification: {enabled: true, time_control: "5+0.05", games: 400, sprt: {elo0: 0, elo1: 3}}
)";

TEST(SpsaConfig, ReadsEveryKey) {
    const auto c = parse(kTwoParameters);
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(c->event, "tune");
    EXPECT_EQ(c->engine.name, "mine");
    ASSERT_EQ(c->parameters.size(), 2u);
    EXPECT_EQ(c->parameters[0].parameter,
              (SpsaParameter{"search.aspiration_window", true, 125, 20, 400, 20, 0.002}));
    EXPECT_FALSE(c->parameters[1].parameter.integer);
    EXPECT_NE(c->parameters[1].where.find("spsa.yaml:5:"), std::string::npos)
        << c->parameters[1].where;
    EXPECT_EQ(c->iterations, 500);
    EXPECT_EQ(c->pairs, 2);
    EXPECT_EQ(c->window, 4);
    EXPECT_EQ(c->a(), 30.0);
    EXPECT_EQ(c->seed, 9u);
    EXPECT_EQ(c->concurrency, 3);
    EXPECT_EQ(c->time_control.nodes, 3000u);
    EXPECT_EQ(c->adjudication.max_moves, 90);
    EXPECT_TRUE(c->verification.enabled);
    EXPECT_EQ(c->verification.games, 400);
    EXPECT_EQ(c->verification.sprt.elo1, 3.0);
}

TEST(SpsaConfig, DefaultsFollowFishtest) {
    const auto c =
        parse(R"(parameters: [{name: x, start: 1, min: 0, max: 2, c_end: 1, r_end: 0.002}])");
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(c->alpha, 0.602);
    EXPECT_EQ(c->gamma, 0.101);
    EXPECT_EQ(c->a(), 100.0);  // 0.1 x 1000 iterations
    EXPECT_EQ(c->pairs, 1);
    EXPECT_TRUE(c->parameters[0].parameter.integer);
    EXPECT_EQ(harness::kind_name(c->engine.spec), "builtin");
}

TEST(SpsaConfig, WhatToYamlWritesReadsBackTheSame) {
    const auto c = parse(kTwoParameters);
    ASSERT_TRUE(c);
    const auto again = parse(to_yaml(*c));
    ASSERT_TRUE(again) << again.error().message << "\n" << to_yaml(*c);
    EXPECT_EQ(*again, *c);
    // The trajectory's text leaves out what may change between sessions.
    SpsaConfig other = *c;
    other.concurrency = 1;
    other.output = "/elsewhere";
    EXPECT_EQ(trajectory_text(other), trajectory_text(*c));
    other.seed = 10;
    EXPECT_NE(trajectory_text(other), trajectory_text(*c));
}

TEST(SpsaConfig, BadParametersAreNamedByFileLineAndKey) {
    const struct {
        const char* entry;
        const char* message;
    } table[] = {
        {"{name: x, start: 3, min: 0, max: 2, c_end: 1, r_end: 0.1}",
         "spsa.yaml:2:22: parameters[0].start: start 3 is outside [min, max] = [0, 2]"},
        {"{name: x, start: 1, min: 2, max: 2, c_end: 1, r_end: 0.1}",
         "parameters[0].max: max (2) must be above min (2)"},
        {"{name: x, start: 1, min: 0, max: 2, c_end: 0, r_end: 0.1}",
         "parameters[0].c_end: c_end must be above 0"},
        {"{name: x, start: 1, min: 0, max: 2, c_end: -1, r_end: 0.1}",
         "parameters[0].c_end: c_end must be above 0"},
        {"{name: x, start: 1, min: 0, max: 2, r_end: 0.1}",
         "parameters[0].c_end: every parameter needs c_end"},
        {"{name: x, type: double, start: 1, min: 0, max: 2, c_end: 1, r_end: 0.1}",
         "parameters[0].type"},
        {"{name: 'a b', start: 1, min: 0, max: 2, c_end: 1, r_end: 0.1}",
         "names are letters, digits"},
        {"{name: x, start: 1, min: 0, max: 2, c_end: 1, r_end: 0.1, c: 3}",
         "parameters[0].c: unknown key"},
    };
    for (const auto& row : table) {
        const auto c = parse(std::string("parameters:\n  - ") + row.entry + "\n");
        ASSERT_FALSE(c) << row.entry;
        EXPECT_NE(c.error().message.find(row.message), std::string::npos)
            << "got: " << c.error().message << "\nwanted: " << row.message;
    }
}

TEST(SpsaConfig, WholeRunProblemsAreNamed) {
    const struct {
        const char* yaml;
        const char* message;
    } table[] = {
        {"iterations: 10\n", "give at least one parameter"},
        {"parameters:\n  - {name: x, start: 1, min: 0, max: 2, c_end: 1, r_end: 0}\n"
         "  - {name: x, start: 1, min: 0, max: 2, c_end: 1, r_end: 0}\n",
         "parameter 'x' is given twice"},
        {"parameters: [{name: x, start: 1, min: 0, max: 2, c_end: 1, r_end: 0}]\niterations: 0\n",
         "iterations"},
        {"parameters: [{name: x, start: 1, min: 0, max: 2, c_end: 1, r_end: 0}]\nwindow: 0\n",
         "window"},
        {"parameters: [{name: x, start: 1, min: 0, max: 2, c_end: 1, r_end: 0}]\n"
         "engine: {name: e, kind: dxp, host: 127.0.0.1, port: 27531}\n",
         "a DXP engine takes no parameters"},
        {"parameters: [{name: x, start: 1, min: 0, max: 2, c_end: 1, r_end: 0}]\n"
         "engine: {name: e, kind: builtin, time_control: 1+0.1}\n",
         "the time control of an SPSA run is the run's"},
    };
    for (const auto& row : table) {
        const auto c = parse(row.yaml);
        ASSERT_FALSE(c) << row.yaml;
        EXPECT_NE(c.error().message.find(row.message), std::string::npos)
            << "got: " << c.error().message << "\nwanted: " << row.message;
    }
}

TEST(SpsaConfig, ThePairMatchPlaysTheEngineAgainstItselfFromTheStartValues) {
    const auto c = parse(kTwoParameters);
    ASSERT_TRUE(c);
    const harness::MatchConfig m = pair_match(*c);
    EXPECT_EQ(m.tournament.games, 2 * 500 * 2);
    ASSERT_EQ(m.engines.size(), 2u);
    EXPECT_EQ(m.engines[0].name, "tune+");
    EXPECT_EQ(m.engines[1].name, "tune-");
    const auto& builtin = std::get<harness::BuiltinEngine>(m.engines[0].spec);
    EXPECT_EQ(builtin.hash_mb, 4);
    EXPECT_EQ(builtin.parameters, (engine::ParameterValues{{"search.aspiration_window", "125"},
                                                           {"time.hard_factor", "3.5"}}));
}

}  // namespace
}  // namespace draughts::spsa
