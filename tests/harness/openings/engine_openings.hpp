#pragma once
// Plays one engine-versus-engine game from every position of an opening file and checks that
// each ends by a rule and round-trips through PDN.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "harness/builtin/in_process_player.hpp"
#include "harness/game/game_runner.hpp"
#include "tests/support/pdn_round_trip.hpp"

namespace draughts::testing {

inline void play_all_openings(const std::filesystem::path& path, const std::string& time_control) {
    std::ifstream in(path);
    ASSERT_TRUE(in) << path;
    engine::EngineOptions options;
    options.hash_mb = 1;
    harness::InProcessPlayer white("default-weights", options);
    options.weights = engine::EvalWeights::material_only();
    harness::InProcessPlayer black("material-weights", options);
    harness::GameSetup setup;
    setup.set_time_control(*harness::parse_time_control(time_control));
    setup.info.event = "engine openings test";
    SteadyTimeSource time;
    std::map<std::string, int> terminations;
    std::string line;
    int games = 0;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        const auto start = harness::parse_start_position(line);
        ASSERT_TRUE(start) << start.error().message;
        setup.start = *start;
        setup.info.opening = std::to_string(++games);
        const auto record = harness::play_game(setup, white, black, time);
        ASSERT_TRUE(record) << record.error().message;
        EXPECT_EQ(harness::category_of(record->end.termination), harness::TerminationCategory::Rule)
            << line << ": " << record->end.text;
        ++terminations[std::string(harness::termination_code(record->end.termination))];
        SCOPED_TRACE(line);
        expect_round_trip(*record);
    }
    EXPECT_EQ(games, 79);
    std::string summary;
    for (const auto& [code, count] : terminations)
        summary += code + " " + std::to_string(count) + "  ";
    std::printf("%d games (%s): %s\n", games, time_control.c_str(), summary.c_str());
}

}  // namespace draughts::testing
