// Data generation for a variant other than international: its openings (the variant's initial
// position plus random plies, checked by its engine), the match it asks the harness for, and the
// sampling of its games into a data set that records the variant.

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <set>
#include <sstream>

#include "common/file_io.hpp"
#include "rules/fen.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"
#include "tests/support/command_runner.hpp"
#include "tuner/datagen.hpp"
#include "tuner/dataset.hpp"
#include "tuner/game_sampler.hpp"

namespace draughts::tuner {
namespace {

namespace fs = std::filesystem;
using rules::Brazilian;

TEST(BrazilianDatagen, OpeningsAreDistinctBalancedPositionsOfTheSmallBoard) {
    const testing::TempFolder folder("draughts_brazilian_datagen");
    const fs::path dir = folder.path();
    DatagenConfig config;
    config.variant = rules::Variant::Brazilian;
    config.concurrency = 1;
    config.check_depth = 2;
    const auto written = write_openings(config, dir / "openings.fen", 8);
    ASSERT_TRUE(written) << written.error().message;
    EXPECT_EQ(*written, 8u);
    std::istringstream lines(*read_whole_file(dir / "openings.fen"));
    std::set<std::string> seen;
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("#")) continue;
        EXPECT_TRUE(rules::parse_fen<Brazilian>(line)) << line;
        EXPECT_TRUE(seen.insert(line).second) << line;
    }
    EXPECT_EQ(seen.size(), 8u);
    config.output = dir.string();
    EXPECT_EQ(datagen_match(config, datagen_paths(config)).variant, rules::Variant::Brazilian);
}

TEST(BrazilianDatagen, BooksAreRefusedForTheSmallBoard) {
    const testing::TempFolder folder("draughts_brazilian_datagen_book");
    const fs::path dir = folder.path();
    ASSERT_TRUE(write_file_atomically(dir / "book.fen", "W:W21-32:B1-12\n"));
    const auto config =
        parse_datagen_config("variant: brazilian\nopenings: {file: book.fen}\n", "g.yaml", dir, {});
    ASSERT_FALSE(config);
    EXPECT_NE(config.error().message.find("g.yaml:2"), std::string::npos) << config.error().message;
    EXPECT_NE(config.error().message.find("opening books are read for international draughts"),
              std::string::npos)
        << config.error().message;
}

TEST(BrazilianDatagen, GamesOfTheMatchAreSampledAsBrazilianPositions) {
    std::mt19937 rng(3);
    auto p = rules::BasicPosition<Brazilian>::initial();
    Json moves = Json::array();
    for (int ply = 0; ply < 30; ++ply) {
        rules::BasicMoveList<Brazilian> legal;
        rules::generate_moves(p, legal);
        if (legal.empty()) break;
        const auto move = legal[rng() % legal.size()];
        moves.push_back(Json{{"move", rules::to_pdn_notation(p, move)}, {"score", 0.25}});
        p = p.after(move);
    }
    const Json line{
        {"start_fen", std::string(Brazilian::kInitialFen)}, {"result", "2-0"}, {"moves", moves}};
    const auto game = game_from_json_line<Brazilian>(line, "games.jsonl:1");
    ASSERT_TRUE(game) << game.error().message;
    EXPECT_EQ(game->moves.size(), moves.size());
    SamplingOptions options;
    options.skip_plies = 2;
    options.max_per_game = 5;
    BasicDataset<Brazilian> d;
    d.samples = sample_game(*game, options, 1);
    ASSERT_FALSE(d.samples.empty());
    EXPECT_EQ(d.samples.front().result, Outcome::WhiteWin);
    const testing::TempFolder folder("draughts_brazilian_sampled");
    const fs::path file = folder.path() / "positions.txt";
    ASSERT_TRUE(save_dataset(d, file, DatasetFormat::Text));
    EXPECT_EQ(*read_dataset_variant(file), rules::Variant::Brazilian);
    // An international reading of the same line fails: its moves are not 10x10 moves.
    EXPECT_FALSE(game_from_json_line(line, "games.jsonl:1"));
}

}  // namespace
}  // namespace draughts::tuner
