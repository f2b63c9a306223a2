// The real `draughts` program: `perft` (text and --json figures, errors) and `pdn` (good, bad,
// empty and missing files, --json, --fen), run as a child process like a user or a CI script would.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "tests/support/command_runner.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;

using testing::RunResult;

/// A folder of its own for each test, removed afterwards.
class CliTest : public ::testing::Test {
  protected:
    fs::path write_file(const std::string& name, const std::string& text) const {
        return folder_.write(name, text);
    }

    /// Runs `draughts ARGS...` in the test's folder.
    RunResult run(const std::vector<std::string>& args) const {
        return testing::run_draughts(dir_, args);
    }

    testing::TempFolder folder_{"draughts_cli"};
    const fs::path dir_ = folder_.path();
};

/// The JSON object a command printed (null, with a test failure, when it is not JSON).
Json parse_output(const std::string& out) {
    const auto json = parse_json(out, "stdout");
    EXPECT_TRUE(json) << json.error().message;
    return json ? *json : Json();
}

/// The values of `key` in each object of an array, in order.
std::vector<std::uint64_t> column(const Json& rows, const char* key) {
    std::vector<std::uint64_t> out;
    for (const Json& row : rows) out.push_back(row.at(key).get<std::uint64_t>());
    return out;
}

TEST_F(CliTest, PerftJsonGivesTheCountOfEveryDepth) {
    const RunResult r = run({"perft", "W:W31-50:B1-20", "7", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json json = parse_output(r.out);
    EXPECT_EQ(column(json.at("depths"), "nodes"),
              (std::vector<std::uint64_t>{9, 81, 658, 4265, 27117, 167140, 1049442}));
    EXPECT_EQ(column(json.at("depths"), "depth"),
              (std::vector<std::uint64_t>{1, 2, 3, 4, 5, 6, 7}));
    EXPECT_EQ(json.at("fen"), "W:W31-50:B1-20");
    EXPECT_EQ(json.at("duplicates"), "dropped");
    EXPECT_TRUE(json.at("depths").at(0).at("nodes_per_second").is_number()) << r.out;
    EXPECT_FALSE(json.contains("divide")) << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << "one JSON object on one line";
}

TEST_F(CliTest, PerftWithThreadsAndKeptDuplicates) {
    const RunResult r =
        run({"perft", "W:W31-50:B1-20", "8", "--threads", "2", "--keep-duplicates", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json json = parse_output(r.out);
    const auto nodes = column(json.at("depths"), "nodes");
    ASSERT_EQ(nodes.size(), 8u);
    EXPECT_EQ(nodes.back(), 6483971u);
    EXPECT_EQ(json.at("threads"), 2);
    EXPECT_EQ(json.at("duplicates"), "kept");
}

TEST_F(CliTest, PerftDivideSumsToTheTotal) {
    const RunResult r = run({"perft",
                             "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,"
                             "24,26",
                             "6", "--divide", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Json json = parse_output(r.out);
    const auto nodes = column(json.at("depths"), "nodes");
    const auto divide = column(json.at("divide"), "nodes");
    ASSERT_EQ(nodes.size(), 6u);
    ASSERT_EQ(divide.size(), 6u);  // six root moves
    std::uint64_t sum = 0;
    for (const std::uint64_t n : divide) sum += n;
    EXPECT_EQ(nodes[5], 590u);
    EXPECT_EQ(sum, 590u);
}

TEST_F(CliTest, PerftTextOutputNamesEachDepth) {
    const RunResult r = run({"perft", "W:WK31-50:BK1-20", "3"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("depth  3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("352"), std::string::npos) << r.out;
}

TEST_F(CliTest, PerftRejectsABadFenNamingTheItem) {
    const RunResult r = run({"perft", "W:W31-50:B1-20,55", "3"});
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("\"55\""), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST_F(CliTest, PerftOfTheSixtyFourSquareVariants) {
    for (const auto& [variant, last] :
         {std::pair{"brazilian", 7473u}, std::pair{"russian", 7482u}}) {
        const RunResult r = run({"perft", "--variant", variant, "W:W21-32:B1-12", "5", "--json"});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const Json json = parse_output(r.out);
        EXPECT_EQ(column(json.at("depths"), "nodes"),
                  (std::vector<std::uint64_t>{7, 49, 302, 1469, last}))
            << variant;
        EXPECT_EQ(json.at("variant"), variant);
    }
}

TEST_F(CliTest, PerftChecksTheFenAgainstTheVariantsBoard) {
    const RunResult r = run({"perft", "--variant", "russian", "W:W31-50:B1-20", "3"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("between 1 and 32"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("russian"), std::string::npos) << r.err;
    const RunResult unknown = run({"perft", "--variant", "italian", "W:W21-32:B1-12", "3"});
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("unknown variant"), std::string::npos) << unknown.err;
}

// Frisian moves are counted; capture routes are refused by name, not miscounted
// (rules::routes_not_counted).
TEST_F(CliTest, PerftOfFrisianCountsMovesAndRefusesRoutes) {
    const RunResult r = run({"perft", "--variant", "frisian", "W:W31-50:B1-20", "4", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(column(parse_output(r.out).at("depths"), "nodes"),
              (std::vector<std::uint64_t>{9, 81, 658, 3874}));
    const RunResult routes =
        run({"perft", "--variant", "frisian", "--keep-duplicates", "W:W31-50:B1-20", "4"});
    EXPECT_EQ(routes.exit_code, 2);
    EXPECT_NE(routes.err.find("not counted in frisian"), std::string::npos) << routes.err;
    EXPECT_TRUE(routes.out.empty()) << routes.out;
}

const std::string kGoodPdn =
    "[Event \"one\"]\r\n[Result \"2-0\"]\r\n\r\n1. 32-28 19-23 2. 28x19 14x23 2-0\r\n\r\n"
    "[Event \"two\"]\r\n[FEN \"W:W28,32:B23\"]\r\n\r\n1. 28x19 *\r\n";

TEST_F(CliTest, PdnSummarisesAGoodFile) {
    const fs::path file = write_file("good.pdn", kGoodPdn);
    const RunResult r = run({"pdn", file.string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("1 files, 2 games, 5 plies"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("0 invalid"), std::string::npos) << r.out;
    EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST_F(CliTest, PdnJsonAndFinalPositions) {
    const fs::path file = write_file("good.pdn", kGoodPdn);
    const RunResult r = run({"pdn", file.string(), "--json", "--fen"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const Json json = parse_output(r.out);
    EXPECT_EQ(json.at("games"), 2);
    EXPECT_EQ(json.at("invalid_games"), 0);
    EXPECT_EQ(json.at("plies"), 5);
    EXPECT_EQ(json.at("results").at("2-0"), 1);
    ASSERT_EQ(json.at("final_positions").size(), 2U) << r.out;
    EXPECT_EQ(json.at("final_positions")[1].at("fen"), "B:W19,32:B");
}

// --variant replays the games by that variant's rules: a Russian man crowned during a capture
// goes on capturing as a king, which is illegal, and reported, under the international rules.
TEST_F(CliTest, PdnReplaysAVariantsGamesByItsRules) {
    const fs::path file = write_file("russian.pdn",
                                     "[Event \"r\"]\n[GameType \"25\"]\n[FEN \"W:W11:B7,9\"]\n"
                                     "1. 11x2x13 *\n");
    const RunResult russian =
        run({"pdn", "--variant", "russian", "--json", "--fen", file.string()});
    EXPECT_EQ(russian.exit_code, 0) << russian.err;
    const Json json = parse_output(russian.out);
    EXPECT_EQ(json.at("games"), 1);
    EXPECT_EQ(json.at("invalid_games"), 0);
    EXPECT_EQ(json.at("warnings").size(), 0U) << russian.out;
    EXPECT_EQ(json.at("final_positions")[0].at("fen"), "B:WK13:B");
    const RunResult international = run({"pdn", file.string()});
    EXPECT_EQ(international.exit_code, 2) << international.out;
    const RunResult unknown = run({"pdn", "--variant", "checkers", file.string()});
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(
        unknown.err.find("unknown variant 'checkers' (international, brazilian, russian, killer, "
                         "breakthrough, antidraughts, english, pool, frisian, frysk)"),
        std::string::npos)
        << unknown.err;
}

TEST_F(CliTest, PdnReportsABadGameWithFileAndLine) {
    const fs::path file = write_file(
        "bad.pdn", kGoodPdn + "\n[Event \"three\"]\n\n1. 32-28 19-23\n2. 31-27 14-19 *\n");
    const RunResult r = run({"pdn", file.string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(file.string() + ":14"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("\"31-27\""), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("not a legal move"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("2 games"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("1 invalid"), std::string::npos) << r.out;
}

TEST_F(CliTest, PdnFailsOnAMissingOrEmptyFile) {
    const fs::path empty = write_file("empty.pdn", "");
    const RunResult missing = run({"pdn", (dir_ / "missing.pdn").string()});
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_NE(missing.err.find("missing.pdn: cannot open"), std::string::npos) << missing.err;
    const RunResult no_games = run({"pdn", empty.string()});
    EXPECT_EQ(no_games.exit_code, 2);
    EXPECT_NE(no_games.err.find("empty.pdn: no games found"), std::string::npos) << no_games.err;
}

TEST_F(CliTest, PdnSaysAFolderIsADirectory) {
    const RunResult r = run({"pdn", dir_.string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(dir_.string() + ": is a directory"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("no games found"), std::string::npos) << r.err;
}

TEST_F(CliTest, PdnWarnsAboutAResultTagThatDisagreesAndAForeignGameType) {
    const fs::path file = write_file("warn.pdn",
                                     "[Event \"a\"]\n[Result \"2-0\"]\n1. 32-28 19-23 0-2\n\n"
                                     "[Event \"b\"]\n[GameType \"21\"]\n1. 32-28 *\n\n"
                                     "[Event \"c\"]\n[GameType \"20,W,10,10,N2,0\"]\n"
                                     "[Result \"1-1\"]\n1. 32-28 1-1\n");
    const RunResult r = run({"pdn", file.string()});
    EXPECT_EQ(r.exit_code, 0) << "warnings do not fail the command: " << r.err;
    EXPECT_NE(r.err.find("warning: " + file.string() +
                         ":3: game starting at line 1 (Event "
                         "\"a\"): the Result tag \"2-0\" disagrees with the result at the end "
                         "of the moves \"0-2\"; the game counts as 0-2"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("warning: " + file.string() +
                         ":6: game starting at line 5 (Event "
                         "\"b\"): GameType \"21\" is not international draughts (20)"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("\"c\""), std::string::npos) << "game c is in order: " << r.err;
    EXPECT_NE(r.out.find("3 games, 4 plies, results 2-0: 0  0-2: 1  1-1: 1  *: 1, 0 invalid, "
                         "2 warnings"),
              std::string::npos)
        << r.out;
    const RunResult json = run({"pdn", file.string(), "--json"});
    EXPECT_EQ(parse_output(json.out).at("warnings").size(), 2U) << json.out;
}

TEST_F(CliTest, PdnReportsEveryBadGameAfterAnUnclosedTag) {
    // The unclosed tag must not take the next line (game a's moves and result) with it, which
    // merged game b into game a and hid b's illegal move.
    const fs::path file = write_file("unclosed.pdn",
                                     "[Event \"a\"\n1. 32-28 19-23 2-0\n\n"
                                     "[Event \"b\"]\n1. 32-29 *\n\n"
                                     "[Event \"c\"]\n1. 31-26 99-88 *\n\n"
                                     "[Event \"d\"]\n1. 32-28 {never closed\n\n"
                                     "[Event \"e\"]\n1. 33-29 (1. 31-27\n\n"
                                     "[Event \"f\"]\n1. 33-28 18-22 2. 28x17 *\n\n"
                                     "[Event \"g\"]\n1. 34-29 *\n");
    const RunResult r = run({"pdn", file.string()});
    EXPECT_EQ(r.exit_code, 2);
    for (const char* expected :
         {":1: game starting at line 1 (Event \"a\"): tag [Event] is not closed",
          ":5: game starting at line 4 (Event \"b\"): ply 1: move \"32-29\"",
          ":8: game starting at line 7 (Event \"c\"): ply 2: move \"99-88\"",
          ":11: game starting at line 10 (Event \"d\"): comment '{' is never closed",
          ":14: game starting at line 13 (Event \"e\"): variation '(' is never closed",
          ":17: game starting at line 16 (Event \"f\"): ply 3: move \"28x17\""})
        EXPECT_NE(r.err.find(file.string() + expected), std::string::npos) << expected << r.err;
    EXPECT_NE(r.out.find("1 games, 1 plies"), std::string::npos) << "game g loads: " << r.out;
    EXPECT_NE(r.out.find("6 invalid"), std::string::npos) << r.out;
}

TEST_F(CliTest, PdnReadsUtf8WithAByteOrderMarkAndLatin1) {
    const std::string game = "[White \"Sij\xc3\xa9\"]\n1. 32-28 *\n";
    const fs::path bom = write_file("bom.pdn", "\xef\xbb\xbf" + game + "\n" + game);
    const fs::path latin1 = write_file("latin1.pdn", "[White \"Sij\xe9\"]\n1. 32-28 *\n");
    for (const fs::path& file : {bom, latin1}) {
        const RunResult r = run({"pdn", file.string(), "--json", "--fen"});
        EXPECT_EQ(r.exit_code, 0) << file << r.err;
        const Json json = parse_output(r.out);
        EXPECT_EQ(json.at("invalid_games"), 0) << file << r.out;
        EXPECT_EQ(json.at("games"), file == bom ? 2 : 1) << file << r.out;
    }
}

TEST_F(CliTest, PdnLoadsEverySharedMasterGame) {
    DRAUGHTS_SHARED_FILE_OR_SKIP(folder, "data/games");
    std::vector<std::string> args{"pdn", "--json"};
    for (const auto& entry : fs::directory_iterator(folder))
        if (entry.path().extension() == ".pdn") args.push_back(entry.path().string());
    const RunResult r = run(args);
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    const Json json = parse_output(r.out);
    EXPECT_EQ(json.at("invalid_games"), 0);
    EXPECT_GE(json.at("games").get<std::uint64_t>(), 400u);
}

}  // namespace
}  // namespace draughts::harness
