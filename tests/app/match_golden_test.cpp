// What a fixed-node match writes is pinned: the default match's engines and book, 8 games at
// 3000 nodes per move, played by the real program, must give the games.jsonl and games.pdn of
// tests/data/golden/ move for move and key for key. Everything measured by the clock (the
// seconds of each move, clocks, time totals, the PDN's time comments and Date tag, and so the
// byte offsets of the PDN texts) is taken out before comparing; the rest is deterministic at a
// node limit. A refactoring must leave the files unchanged; a change of the format or of the
// engine changes them on purpose: then run the test with DRAUGHTS_UPDATE_GOLDEN=1 to rewrite the
// golden files, and say why in the commit.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "common/json.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts {
namespace {

namespace fs = std::filesystem;

/// The PDN text of a game without its Date tag and the seconds of its move comments, with every
/// run of blanks made one space (a shorter comment moves the line breaks).
std::string normalized_pdn(const std::string& text) {
    std::string out = std::regex_replace(text, std::regex(R"( [0-9]+\.[0-9]+s\})"), "}");
    out = std::regex_replace(out, std::regex(R"(\[Date "[^"]*"\])"), "");
    return std::regex_replace(out, std::regex(R"(\s+)"), " ") + "\n";
}

/// A results folder's games in schedule order (pairs finish in any order at a concurrency of
/// 2): each games.jsonl line without what the clock measured, and each game's PDN text (found
/// through the line's pdn_offset and pdn_bytes) normalized.
struct NormalizedGames {
    std::string lines;
    std::string pdn;
};

NormalizedGames normalized_games(const fs::path& folder) {
    const std::string pdn = testing::read_text(folder / "games.pdn");
    std::istringstream in(testing::read_text(folder / "games.jsonl"));
    std::map<std::pair<std::uint64_t, int>, std::pair<std::string, std::string>> games;
    for (std::string line; std::getline(in, line);) {
        Json j = Json::parse(line);
        const auto offset = j.at("pdn_offset").get<std::size_t>();
        const auto bytes = j.at("pdn_bytes").get<std::size_t>();
        const auto key =
            std::make_pair(j.at("pair").get<std::uint64_t>(), j.at("pair_game").get<int>());
        j.erase("pdn_offset");
        j.erase("pdn_bytes");
        for (const char* side : {"white_stats", "black_stats"})
            if (j.contains(side)) j[side].erase("time");
        if (j.contains("moves"))
            for (Json& move : j["moves"])
                for (const char* k : {"time", "clock", "reported_time"}) move.erase(k);
        games[key] = {j.dump() + "\n", normalized_pdn(pdn.substr(offset, bytes))};
    }
    NormalizedGames out;
    for (const auto& [key, game] : games) {
        out.lines += game.first;
        out.pdn += game.second;
    }
    return out;
}

/// Compares `actual` with the golden file `name`, or rewrites it under DRAUGHTS_UPDATE_GOLDEN=1.
void expect_golden(const std::string& name, const std::string& actual) {
    const fs::path golden = testing::source_dir() / "tests" / "data" / "golden" / name;
    const char* update = std::getenv("DRAUGHTS_UPDATE_GOLDEN");
    if (update != nullptr && std::string(update) == "1") {
        std::ofstream(golden, std::ios::binary) << actual;
        return;
    }
    const std::string expected = testing::read_text(golden);
    ASSERT_FALSE(expected.empty()) << golden << " is missing";
    if (expected == actual) return;
    std::size_t at = 0;
    while (at < expected.size() && at < actual.size() && expected[at] == actual[at]) ++at;
    const std::size_t from = at < 80 ? 0 : at - 80;
    ADD_FAILURE() << name << " differs from " << golden << " at byte " << at
                  << " (DRAUGHTS_UPDATE_GOLDEN=1 rewrites it when the change is meant)\n"
                  << "expected: ..." << expected.substr(from, 200) << "\nactual:   ..."
                  << actual.substr(from, 200);
}

TEST(MatchGolden, AFixedNodeMatchWritesTheGoldenGames) {
    const testing::TempFolder dir("golden");
    const fs::path config = testing::source_dir() / "configs" / "matches" / "default.yaml";
    const testing::RunResult run = testing::run_draughts(
        dir.path(), {"match", config.string(), "--games", "8", "--concurrency", "2", "--set",
                     "time_control=nodes=3000", "--output", "out", "--quiet"});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const NormalizedGames games = normalized_games(dir.path() / "out");
    expect_golden("default-match.jsonl", games.lines);
    expect_golden("default-match.pdn", games.pdn);
}

}  // namespace
}  // namespace draughts
