// The provenance of a results folder: config.yaml's `provenance:` section reads back as written,
// a configuration copied from a results folder still reads as a configuration, a folder without
// provenance reads as none, damaged values are errors naming the key, and run ids are 128 random
// bits.

#include "harness/tournament/provenance.hpp"

#include <gtest/gtest.h>

#include <set>

#include "harness/config/match_config.hpp"
#include "tests/support/command_runner.hpp"

namespace draughts::harness {
namespace {

constexpr const char* kConfig = "event: x\nengines: [{name: a}, {name: b}]\n";

Provenance sample() {
    Provenance p;
    p.run_id = new_run_id();
    p.inputs = {{"openings", "/books/3move.fen", std::string(64, 'a')},
                {"engine 'a' program", "/opt/my engine", std::string(64, '0')}};
    p.sessions.push_back(this_session("created", "0.1.0", "abc-dirty",
                                      {"draughts", "match", "m.yaml", "--games", "4"}));
    p.sessions.push_back(this_session("resumed", "0.1.0", "def", {"draughts", "a \"quoted\" b"}));
    p.sessions.back().notes = {"extended: tournament.games 4 -> 8"};
    p.merged_from = {{"/results/a", new_run_id()}, {"/results/old", ""}};
    return p;
}

TEST(Provenance, ReadsBackAsWritten) {
    const testing::TempFolder folder("draughts-provenance");
    const Provenance written = sample();
    const auto file = folder.write("config.yaml", kConfig + provenance_yaml(written));
    const auto read = read_provenance(file);
    ASSERT_TRUE(read) << read.error().message;
    ASSERT_TRUE(read->has_value());
    EXPECT_EQ(**read, written);
    // The match configuration reader takes the same file as a configuration.
    const auto config = load_match_config(file, {});
    ASSERT_TRUE(config) << config.error().message;
    EXPECT_EQ(config->event, "x");
}

TEST(Provenance, AFolderWrittenBeforeProvenanceHasNone) {
    const testing::TempFolder folder("draughts-provenance");
    const auto read = read_provenance(folder.write("config.yaml", kConfig));
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_FALSE(read->has_value());
}

TEST(Provenance, DamagedValuesAreErrorsNamingTheKey) {
    const testing::TempFolder folder("draughts-provenance");
    const auto file = folder.write(
        "config.yaml", std::string(kConfig) +
                           "provenance:\n  run_id: 12\n  inputs:\n    - {what: openings, path: "
                           "/b, sha256: xyz}\n");
    const auto read = read_provenance(file);
    ASSERT_FALSE(read);
    EXPECT_NE(read.error().message.find("provenance.run_id: expected 32 lowercase hexadecimal"),
              std::string::npos)
        << read.error().message;
    EXPECT_NE(read.error().message.find("provenance.inputs[0].sha256"), std::string::npos)
        << read.error().message;
}

TEST(Provenance, RunIdsAre32HexDigitsAndDiffer) {
    std::set<std::string> ids;
    for (int i = 0; i < 100; ++i) {
        const std::string id = new_run_id();
        EXPECT_TRUE(is_run_id(id)) << id;
        ids.insert(id);
    }
    EXPECT_EQ(ids.size(), 100u);
    EXPECT_FALSE(is_run_id("0123"));
    EXPECT_FALSE(is_run_id(std::string(32, 'G')));
}

TEST(Provenance, SummaryNamesTheLatestSessionAndTheRunsTimes) {
    const Provenance p = sample();
    const Json running = summary_provenance(p, "");
    EXPECT_EQ(running.at("run_id"), p.run_id);
    EXPECT_EQ(running.at("commit"), "def");
    EXPECT_EQ(running.at("started"), p.sessions.front().started);
    EXPECT_TRUE(running.at("ended").is_null());
    EXPECT_EQ(running.at("sessions").size(), 2u);
    EXPECT_EQ(running.at("inputs").size(), 2u);
    EXPECT_EQ(summary_provenance(p, "2026-12-01T10:00:00Z").at("ended"), "2026-12-01T10:00:00Z");
}

}  // namespace
}  // namespace draughts::harness
