// What a resume may change in a stored run: the concurrency, and more games or rounds when the
// recorded pairs keep their place; everything else is refused with a message naming the key.

#include "harness/tournament/run_extension.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace draughts::harness {
namespace {

MatchConfig config_of(int games, int rounds) {
    MatchConfig config;
    config.engines = {{"a", std::nullopt, BuiltinEngine{}}, {"b", std::nullopt, BuiltinEngine{}}};
    config.tournament.games = games;
    config.tournament.rounds = rounds;
    config.output = "/results/run";
    return config;
}

TEST(RunExtension, AcceptsConcurrencyMoreGamesOrMoreRounds) {
    const MatchConfig stored = config_of(4, 1);
    MatchConfig resumed = stored;
    resumed.concurrency = 8;
    resumed.output = "/elsewhere/run";  // a folder moved since
    EXPECT_TRUE(check_resumed_config(stored, resumed));
    EXPECT_TRUE(check_resumed_config(stored, config_of(8, 1)));
    EXPECT_TRUE(check_resumed_config(stored, config_of(8, 3)));
    EXPECT_TRUE(check_resumed_config(config_of(4, 2), config_of(4, 5)));
}

TEST(RunExtension, RefusesEverythingElseNamingWhy) {
    const struct {
        MatchConfig stored;
        MatchConfig resumed;
        const char* message;
    } cases[] = {
        {config_of(8, 1), config_of(4, 1), "tournament.games: the run has 8 games"},
        {config_of(4, 3), config_of(4, 2), "tournament.rounds: the run has 3 rounds"},
        {config_of(4, 2), config_of(8, 2), "add rounds instead (--rounds N)"},
        {config_of(4, 1),
         [] {
             MatchConfig c = config_of(4, 1);
             c.seed = 7;
             return c;
         }(),
         "only the concurrency, strictness, the games per encounter and the rounds may change"},
    };
    for (const auto& c : cases) {
        const auto result = check_resumed_config(c.stored, c.resumed);
        ASSERT_FALSE(result) << c.message;
        EXPECT_NE(result.error().message.find(c.message), std::string::npos)
            << result.error().message;
    }
}

}  // namespace
}  // namespace draughts::harness
