// `draughts match` with adjudication.egdb, through the real binary: --check opens the database,
// and games the database decides are marked as such in every output (games.pdn, games.jsonl,
// summary.json, the text report and the progress lines).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/json.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts::app {
namespace {

namespace fs = std::filesystem;

class MatchEgdb : public ::testing::Test {
  protected:
    fs::path write_config(const std::string& egdb_path) const {
        const fs::path book = dir_ / "endings.fen";
        // Won (16-move rule, a shot), drawn (the long diagonal), drawn (a man against a king).
        std::ofstream(book) << "W:WK1,K2,K3:BK26\nB:WK13,K35,K49:BK23\nW:W30,K10:BK45\n";
        const fs::path file = dir_ / "m.yaml";
        std::ofstream(file) << "time_control: nodes=300\ntournament: {games: 6}\n"
                            << "openings: {file: " << book.string() << ", order: sequential}\n"
                            << "adjudication:\n  egdb: {path: \"" << egdb_path
                            << "\", pieces: 4}\nengines:\n  - {name: a}\n  - {name: b}\n";
        return file;
    }

    testing::TempFolder folder_{"draughts-match-egdb"};
    const fs::path dir_ = folder_.path();
};

TEST_F(MatchEgdb, CheckOpensTheDatabase) {
    const fs::path file = write_config((dir_ / "no-such-egdb").string());
    const testing::RunResult r = testing::run_draughts(dir_, {"match", file.string(), "--check"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("adjudication: egdb.path: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("no-such-egdb"), std::string::npos) << r.err;
}

TEST_F(MatchEgdb, AdjudicatedGamesAreMarkedInEveryOutput) {
    const fs::path file = write_config(testing::test_database(3, {"KKKvK"}).string());
    const fs::path out = dir_ / "run";
    const testing::RunResult r =
        testing::run_draughts(dir_, {"match", file.string(), "--output", out.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Adjudicated by endgame database: 6 games (egdb_win 2, egdb_draw 4)"),
              std::string::npos)
        << r.out;
    // The progress lines count them too ("... LOS 50.0%  egdb 2  ...").
    EXPECT_NE((r.out + r.err).find("%  egdb "), std::string::npos) << r.out << r.err;
    const auto summary = parse_json(testing::read_text(out / "summary.json"), "summary.json");
    ASSERT_TRUE(summary);
    EXPECT_EQ(summary->at("terminations").at("egdb_win").get<int>(), 2);
    EXPECT_EQ(summary->at("terminations").at("egdb_draw").get<int>(), 4);
    EXPECT_EQ(summary->at("egdb_adjudicated").at("egdb_win").get<int>(), 2);
    std::istringstream lines(testing::read_text(out / "games.jsonl"));
    int marked = 0;
    for (std::string line; std::getline(lines, line);) {
        const auto game = parse_json(line, "games.jsonl");
        ASSERT_TRUE(game);
        if (game->contains("egdb_value")) ++marked;
    }
    EXPECT_EQ(marked, 6);
    const std::string pdn = testing::read_text(out / "games.pdn");
    EXPECT_NE(pdn.find("{egdb win 2 for White, 16-move rule, 32 of 32 plies left}"),
              std::string::npos)
        << pdn;
    EXPECT_NE(pdn.find("[Termination \"egdb_draw\"]"), std::string::npos);
}

}  // namespace
}  // namespace draughts::app
