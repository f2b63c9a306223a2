#include "tests/app/played_games.hpp"

#include <gtest/gtest.h>

#include "common/json.hpp"
#include "records/results_folder.hpp"

namespace draughts::testing {

namespace {

std::string text_of(const Json& line, const char* key) {
    const auto it = line.find(key);
    if (it == line.end()) return "?";
    return it->is_string() ? it->get<std::string>() : it->dump();
}

}  // namespace

std::map<std::uint64_t, std::string> played_games(const std::filesystem::path& dir) {
    std::map<std::uint64_t, std::string> games;
    const auto run = harness::read_results(dir);
    EXPECT_TRUE(run) << (run ? "" : run.error().message);
    if (!run) return games;
    for (const auto& pair : run->pairs) {
        for (const harness::StoredGame& game : pair) {
            std::string text;
            for (const char* key :
                 {"white", "black", "start_fen", "result", "termination", "plies"})
                text += text_of(game.line, key) + " ";
            std::string last_move;
            for (const Json& move : game.line.at("moves")) {
                last_move = move.at("move").get<std::string>();
                text += last_move + " ";
            }
            // The PDN text of the game is the one its line points at (same moves).
            EXPECT_NE(game.pdn.find(last_move), std::string::npos) << dir << " pair " << game.pair;
            const std::uint64_t index = 2 * game.pair + static_cast<std::uint64_t>(game.game);
            EXPECT_TRUE(games.emplace(index, text).second) << dir << ": game " << index << " twice";
        }
    }
    return games;
}

}  // namespace draughts::testing
