// `draughts match` with adjudication.egdb, through the real binary: --check opens the database,
// and games the database decides are marked as such in every output (games.pdn, games.jsonl,
// summary.json, the text report and the progress lines). The database is an input of the run
// (its slices' checksums are in the provenance, and --resume refuses changed slices), and a
// probe that fails during adjudication is counted and reported, and fails a strict run (issue 35).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/json.hpp"
#include "egdb/slice_file.hpp"
#include "egdb/value.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/egdb_databases.hpp"

namespace draughts::app {
namespace {

namespace fs = std::filesystem;

class MatchEgdb : public ::testing::Test {
  protected:
    fs::path write_config(const std::string& egdb_path,
                          const std::string& endings =
                              "W:WK1,K2,K3:BK26\nB:WK13,K35,K49:BK23\n"
                              "W:W30,K10:BK45\n") const {
        const fs::path book = dir_ / "endings.fen";
        // Won (16-move rule, a shot), drawn (the long diagonal), drawn (a man against a king).
        std::ofstream(book) << endings;
        const fs::path file = dir_ / "m.yaml";
        std::ofstream(file) << "time_control: nodes=300\ntournament: {games: 6}\n"
                            << "openings: {file: " << book.string() << ", order: sequential}\n"
                            << "adjudication:\n  egdb: {path: \"" << egdb_path
                            << "\", pieces: 4}\nengines:\n  - {name: a}\n  - {name: b}\n";
        return file;
    }

    /// A copy of the 3-piece test database with KKKvK, to change.
    fs::path database_copy() const {
        const fs::path db = dir_ / "db";
        fs::copy(testing::test_database(3, {"KKKvK"}), db);
        return db;
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

TEST_F(MatchEgdb, TheDatabaseIsAnInputAndAResumeRefusesChangedSlices) {
    const fs::path db = database_copy();
    const fs::path file = write_config(db.string());
    ASSERT_EQ(testing::run_draughts(dir_, {"match", file.string(), "--output", "run", "--quiet"})
                  .exit_code,
              0);
    EXPECT_NE(testing::read_text(dir_ / "run" / "config.yaml").find("adjudication egdb"),
              std::string::npos);
    // The same slices: the run extends.
    testing::RunResult r =
        testing::run_draughts(dir_, {"match", "--resume", "run", "--games", "8", "--quiet"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    // A slice rewritten with one value changed: another database, refused without --force.
    const fs::path slice = db / "KvK.egdb";
    auto loaded = egdb::SliceFile::load(slice, true);
    ASSERT_TRUE(loaded) << loaded.error().message;
    auto bytes = loaded->decode_all();
    ASSERT_TRUE(bytes);
    (*bytes)[0] = (*bytes)[0] == egdb::Value::draw().byte() ? egdb::Value::loss(0).byte()
                                                            : egdb::Value::draw().byte();
    ASSERT_TRUE(egdb::write_slice_file(slice, loaded->info().material, *bytes));
    r = testing::run_draughts(dir_, {"match", "--resume", "run", "--games", "10", "--quiet"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("adjudication egdb " + fs::canonical(db).string() + ": SHA-256 was"),
              std::string::npos)
        << r.err;
}

TEST_F(MatchEgdb, FailedProbesAreCountedReportedAndFailAStrictRun) {
    // KKvK is missing: a position of KKKvK whose moves reach KKvK (Black captures) cannot be
    // judged, in every ply; the games are played on.
    const fs::path db = database_copy();
    fs::remove(db / "KKvK.egdb");
    const fs::path file = write_config(db.string(), "B:WK28,K40,K50:BK23\n");
    testing::RunResult r =
        testing::run_draughts(dir_, {"match", file.string(), "--output", "run", "--games", "2"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE((r.out + r.err).find("warning: probes of the endgame database failed"),
              std::string::npos)
        << r.out << r.err;
    EXPECT_NE(r.out.find("Endgame database probes that failed: "), std::string::npos) << r.out;
    const auto summary = parse_json(testing::read_text(dir_ / "run" / "summary.json"), "summary");
    ASSERT_TRUE(summary);
    ASSERT_TRUE(summary->contains("egdb_probe_errors")) << summary->dump();
    const auto errors = summary->at("egdb_probe_errors").get<int>();
    EXPECT_GT(errors, 0);
    int in_lines = 0;
    std::istringstream lines(testing::read_text(dir_ / "run" / "games.jsonl"));
    for (std::string line; std::getline(lines, line);) {
        const auto game = parse_json(line, "games.jsonl");
        ASSERT_TRUE(game);
        in_lines += game->value("egdb_probe_errors", 0);
        if (game->contains("egdb_probe_errors")) {
            EXPECT_NE(game->at("egdb_probe_error").get<std::string>().find("KKvK"),
                      std::string::npos);
        }
    }
    EXPECT_EQ(in_lines, errors);
    EXPECT_NE(testing::read_text(dir_ / "run" / "engines.log").find("probe(s) of the endgame"),
              std::string::npos);
    EXPECT_NE(testing::read_text(dir_ / "run" / "report.html")
                  .find("data-egdb-probe-errors=\"" + std::to_string(errors) + "\""),
              std::string::npos);
    // Strict: the verdict does not count.
    r = testing::run_draughts(dir_, {"match", file.string(), "--output", "strict", "--games", "2",
                                     "--strict", "--quiet"});
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("probes of the endgame database failed; the verdict does not count"),
              std::string::npos)
        << r.err;
}

}  // namespace
}  // namespace draughts::app
